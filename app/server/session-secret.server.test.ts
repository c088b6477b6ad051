import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { resolveSessionSecret } from "./session-secret.server";

test("SESSION_SECRET wins when set", () => {
  const secret = "x".repeat(32);
  expect(resolveSessionSecret({ sessionSecret: secret, dataDir: "/nonexistent" })).toBe(secret);
});

test("in local mode a secret is generated once into DATA_DIR and reused", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "secret-"));
  const first = resolveSessionSecret({ sessionSecret: undefined, dataDir });
  expect(first).toMatch(/^[0-9a-f]{64}$/);
  expect(resolveSessionSecret({ sessionSecret: undefined, dataDir })).toBe(first);
  const file = path.join(dataDir, "session-secret");
  expect(readFileSync(file, "utf8").trim()).toBe(first);
  expect(statSync(file).mode & 0o777).toBe(0o600);
});
