import { buildIfNeeded } from "./build-if-needed.mjs";

buildIfNeeded();

// Same process, so signals reach the server's graceful shutdown directly.
process.env.NODE_ENV ??= "production";
await import("../express-shell/main.ts");
