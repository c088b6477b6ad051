import pino from "pino";
import { setting } from "./env.server";

export const logger = pino({
  level: setting("LOG_LEVEL"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
