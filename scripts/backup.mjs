// `npm run backup [FILE]` (docs/decisions/0015-backups.md); a PGlite server must be stopped first.
import { runBuiltCommand } from "./built-command.mjs";

await runBuiltCommand("backup", "Backup", process.argv[2]);
