// One command of the built app's entry (app/entry.server.tsx), for `npm run backup` and `npm run restore`
// (docs/decisions/0015-backups.md).
import { buildIfNeeded, serverBuildFile } from "./build-if-needed.mjs";

/**
 * Prints what `entry[command](argument)` answers. A failure the app explains (BackupError, ConfigError)
 * prints `<label> failed: <message>` to stderr and sets exit code 1; anything else is thrown.
 * @param {"backup" | "restore"} command
 * @param {string} label
 * @param {string | undefined} argument
 */
export async function runBuiltCommand(command, label, argument) {
  buildIfNeeded({ quiet: true });
  process.env.NODE_ENV ??= "production";
  const build = await import(serverBuildFile);
  /** @type {typeof import("../app/entry.server.tsx")} */
  const entry = build.entry.module;
  try {
    console.log(await entry[command](argument));
  } catch (error) {
    if (!(error instanceof entry.BackupError || error instanceof entry.ConfigError)) throw error;
    console.error(`${label} failed: ${error.message}`);
    process.exitCode = 1;
  }
}
