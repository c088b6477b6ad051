import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./env.server";

/**
 * SESSION_SECRET when set; in local mode (no OIDC client) a random one kept in DATA_DIR so
 * sessions survive restarts without any set-up. The env schema requires it with a real client.
 */
export function resolveSessionSecret(config: Pick<Config, "sessionSecret" | "dataDir">): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.resolve(config.dataDir, "session-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not there yet: create it below.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
