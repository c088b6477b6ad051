// `npm run restore FILE` into an empty database (docs/decisions/0015-backups.md); a PGlite server must be stopped first.
import { runBuiltCommand } from "./built-command.mjs";

await runBuiltCommand("restore", "Restore", process.argv[2]);
