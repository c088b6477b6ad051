import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./env.server";

/** In local mode, a random secret kept in DATA_DIR so sessions survive restarts. */
export function resolveSessionSecret(config: Pick<Config, "sessionSecret" | "dataDir">): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.resolve(config.dataDir, "session-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // not there yet: created below
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
