import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// docs/ARCHITECTURE.md: a longer file says at its top why it is one room ("…300 lines on purpose: <why>").

const LIMIT = 300;
const HEAD_LINES = 30;
const root = path.resolve(import.meta.dirname, "..");

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("+types"))
    .map((file) => path.join(folder, file));
}

test(`no source file over ${LIMIT} lines without its reason at the top`, () => {
  const files = [...sources("app"), ...sources("express-shell")];
  expect(files.length).toBeGreaterThan(50);
  const unexplained = files.filter((file) => {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    if (lines.length <= LIMIT) return false;
    return !/300 lines on purpose: \S/.test(lines.slice(0, HEAD_LINES).join("\n"));
  });
  expect(unexplained, "long files that do not say why").toEqual([]);
});
