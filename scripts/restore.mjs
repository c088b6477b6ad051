// `npm run restore FILE`: loads a backup written by `npm run backup` into the configured database
// (DATABASE_URL, or PGlite in DATA_DIR, whose server must be stopped), which must be empty; the
// migrations are applied first. docs/decisions/0015-backups.md.
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
