import pino from "pino";

// One structured logger for the process. JSON lines on stdout; the level comes from LOG_LEVEL.
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
