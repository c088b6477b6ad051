import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// English writes a percentage without a space ("10% off"); the French "10 %" had crept into Billing, the
// pricing page, checkout, receipts and the admin's codes (issue 41). Every source file in app/ is read: a
// number or an interpolation followed by " %" and a word or punctuation is copy, never arithmetic (a
// modulo reads `n % 10`, a name before it, or `) % 7`).

const root = path.resolve(import.meta.dirname, "..");
const SPACED_PERCENT = /(?:\d|\})\s+%(?=[\s,.)A-Za-z]|$)/m;

test("no English copy puts a space before %", () => {
  const files = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !file.includes("+types") && !/\.test\.tsx?$/.test(file),
  );
  expect(files.length).toBeGreaterThan(50);
  const spaced = files.flatMap((file) =>
    readFileSync(path.join(root, "app", file), "utf8")
      .split("\n")
      .flatMap((line, index) =>
        SPACED_PERCENT.test(line) ? [`app/${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(spaced).toEqual([]);
});
