import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { DatabaseInUseError, lockPgliteFolder } from "./pglite-lock.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pglite-lock-"));
  dirs.push(dir);
  return path.join(dir, "pglite");
}

test("a folder is locked until released, and can be locked again afterwards", () => {
  const target = folder();
  const release = lockPgliteFolder(target);
  expect(JSON.parse(readFileSync(`${target}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
  expect(() => lockPgliteFolder(target)).toThrow(/already open in this process/);
  release();
  release(); // twice is harmless
  expect(existsSync(`${target}.lock`)).toBe(false);
  lockPgliteFolder(target)();
});

test("a lock held by another running process is refused, naming it", async () => {
  const target = folder();
  const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
  try {
    const since = new Date().toISOString();
    writeFileSync(`${target}.lock`, JSON.stringify({ pid: other.pid, host: os.hostname(), since }));
    expect(() => lockPgliteFolder(target)).toThrow(DatabaseInUseError);
    expect(() => lockPgliteFolder(target)).toThrow(
      new RegExp(`in use by process ${other.pid} .*stop the server first`),
    );
  } finally {
    other.kill("SIGKILL");
  }
});

test("a lock left by a process that is gone, or unreadable, is taken over", () => {
  const target = folder();
  writeFileSync(`${target}.lock`, JSON.stringify({ pid: 2 ** 22 + 12_345, host: os.hostname(), since: "x" }));
  lockPgliteFolder(target)();
  writeFileSync(`${target}.lock`, "not json");
  lockPgliteFolder(target)();
  // A container restarted with the same pid as the crashed process it replaces.
  writeFileSync(`${target}.lock`, JSON.stringify({ pid: process.pid, host: os.hostname(), since: "x" }));
  lockPgliteFolder(target)();
});
