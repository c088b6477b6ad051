// `npm run restore FILE` into an empty database (docs/decisions/0015-backups.md); a PGlite server must be stopped first.
import { buildIfNeeded, serverBuildFile } from "./build-if-needed.mjs";

buildIfNeeded({ quiet: true });
process.env.NODE_ENV ??= "production";
const build = await import(serverBuildFile);
/** @type {typeof import("../app/entry.server.tsx")} */
const entry = build.entry.module;

try {
  console.log(await entry.restore(process.argv[2]));
} catch (error) {
  if (!(error instanceof entry.BackupError || error instanceof entry.ConfigError)) throw error;
  console.error(`Restore failed: ${error.message}`);
  process.exitCode = 1;
}
