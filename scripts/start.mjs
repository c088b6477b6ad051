// `npm start`: build when the sources are newer than the build, then run the server.
import { buildIfNeeded } from "./build-if-needed.mjs";

buildIfNeeded();

// Same process, so signals (SIGTERM, Ctrl-C) reach the server's graceful shutdown directly.
process.env.NODE_ENV ??= "production";
await import("../express-shell/main.ts");
