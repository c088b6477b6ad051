import module from "node:module";
import { buildIfNeeded } from "./build-if-needed.mjs";

buildIfNeeded();

// Same process, so signals reach the server's graceful shutdown directly.
process.env.NODE_ENV ??= "production";
// Before the server's first module, so all of it, the shell's TypeScript too, is compiled from the cache
// kept by earlier starts (express-shell/compile-cache.ts).
module.enableCompileCache();
await import("../express-shell/main.ts");
