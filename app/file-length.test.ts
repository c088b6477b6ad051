import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// docs/ARCHITECTURE.md: a longer file says at its top why it is one room ("…300 lines on purpose: <why>");
// a test file (split by subject, what several share in tests/support/) at ~600: "…600 lines on purpose: <why>".

const HEAD_LINES = 30;
const root = path.resolve(import.meta.dirname, "..");

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function typescriptFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes("+types"))
    .map((file) => path.join(folder, file));
}

/** The files over `limit` lines whose first lines do not say "…<limit> lines on purpose: <why>". */
function unexplained(files: string[], limit: number): string[] {
  const reason = new RegExp(`${limit} lines on purpose: \\S`);
  return files.filter((file) => {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    if (lines.length <= limit) return false;
    return !reason.test(lines.slice(0, HEAD_LINES).join("\n"));
  });
}

const code = [...typescriptFiles("app"), ...typescriptFiles("express-shell")];

test("no source file over 300 lines without its reason at the top", () => {
  const sources = code.filter((file) => !isTest(file));
  expect(sources.length).toBeGreaterThan(50);
  expect(unexplained(sources, 300), "long files that do not say why").toEqual([]);
});

test("no test file over 600 lines without its reason at the top", () => {
  // Everything under tests/ (specs, system and integration tests, their support) and the unit tests
  // beside the code.
  const tests = [...code.filter(isTest), ...typescriptFiles("tests")];
  expect(tests.length).toBeGreaterThan(50);
  expect(unexplained(tests, 600), "long test files that do not say why").toEqual([]);
});
