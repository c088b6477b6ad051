import pino from "pino";
import { setting } from "./env.server";

// One structured logger for the process. JSON lines on stdout; the level comes from LOG_LEVEL
// (validated: a wrong value stops the start, app/server/env.server.ts).
export const logger = pino({
  level: setting("LOG_LEVEL"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
