import pino from "pino";
import { setting } from "./env.server";

export const logger = pino({
  level: setting("LOG_LEVEL"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});

/**
 * Where a start spends its time: at debug level one line per phase, `ms` of wall-clock time since the
 * process started and `cpuMs` of its CPU time, which a busy machine stretches less (bench/http.mjs
 * --only cold reads them; docs/decisions/0040-cold-start.md).
 */
export function startupPhase(phase: string, at = performance.now(), cpu = process.cpuUsage()): void {
  if (!logger.isLevelEnabled("debug")) return;
  logger.debug({ phase, ms: Math.round(at), cpuMs: Math.round((cpu.user + cpu.system) / 1000) }, "start-up");
}
