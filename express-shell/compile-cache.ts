// Code compiled once is kept on disk and reused by the next start (docs/decisions/0040-cold-start.md).
// Imported first by main.ts: the server build and every CommonJS package are loaded after this runs, so
// their compiled code comes from the cache. The shell's own modules are parsed before any of them runs;
// NODE_COMPILE_CACHE set before Node starts (deploy/coach.service) covers them too. The folder is that
// variable's, else Node's own under the system's temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
import module from "node:module";

module.enableCompileCache();
