import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// docs/decisions/0052-file-length.md: lines of code are counted (notes and blank lines are free). Past the
// guide a file is listed as a warning, to split by cohesion when it next changes; past the ceiling it fails.

const GUIDE = { source: 300, test: 600 } as const;
const CEILING = { source: 500, test: 800 } as const;

/** Over the ceiling, and why; a file leaves this list when it is split (the test fails on a stale entry). */
const OVER_THE_CEILING: Record<string, string> = {
  "app/server/schema.ts":
    "every table and its constraints in one place, reviewed side by side (decision 0052)",
};

const root = path.resolve(import.meta.dirname, "..");

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function typescriptFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes("+types"))
    .map((file) => path.join(folder, file).split(path.sep).join("/"));
}

/** Lines that hold code: not blank, not wholly a comment (`//`, a `/* … *\/` block, JSX's `{/* … *\/}`). */
function codeLines(text: string): number {
  let count = 0;
  let inBlock = false;
  for (const raw of text.split("\n")) {
    let line = raw.trim();
    if (inBlock) {
      const end = line.indexOf("*/");
      if (end === -1) continue;
      inBlock = false;
      line = line.slice(end + 2).trim();
    }
    while (line.startsWith("/*") || line.startsWith("{/*")) {
      const end = line.indexOf("*/");
      if (end === -1) {
        inBlock = true;
        line = "";
        break;
      }
      line = line
        .slice(end + 2)
        .replace(/^\}/, "")
        .trim();
    }
    if (line === "" || line.startsWith("//")) continue;
    count++;
  }
  return count;
}

const code = [...typescriptFiles("app"), ...typescriptFiles("express-shell")];
const sources = code.filter((file) => !isTest(file));
const tests = [...code.filter(isTest), ...typescriptFiles("tests")];
const measured = (files: string[]) =>
  files.map((file) => ({ file, lines: codeLines(readFileSync(path.join(root, file), "utf8")) }));

function check(files: string[], kind: keyof typeof GUIDE) {
  const sizes = measured(files);
  const overGuide = sizes.filter((s) => s.lines > GUIDE[kind] && !(s.file in OVER_THE_CEILING));
  if (overGuide.length > 0) {
    const list = overGuide.sort((a, b) => b.lines - a.lines).map((s) => `  ${s.lines}  ${s.file}`);
    console.warn(
      `Over the ${GUIDE[kind]}-line guide (lines of code; split by cohesion when it next changes):\n${list.join("\n")}`,
    );
  }
  const overCeiling = sizes.filter((s) => s.lines > CEILING[kind] && !(s.file in OVER_THE_CEILING));
  expect(overCeiling, `over the ${CEILING[kind]}-line ceiling: split by what changes together`).toEqual([]);
}

test("code lines, not notes: comments and blank lines do not count", () => {
  const text = [
    "// a note",
    "",
    "/** a doc comment",
    " * over lines */",
    "const a = 1; // counted",
    "  /* inline */ const b = 2;",
    "{/* a JSX note */}",
    "/* one */ /* two */",
    "const c = `",
    "`;",
  ].join("\n");
  expect(codeLines(text)).toBe(4);
});

test("no source file past the ceiling; those past the guide are listed", () => {
  expect(sources.length).toBeGreaterThan(50);
  check(sources, "source");
});

test("no test file past the ceiling; those past the guide are listed", () => {
  // Everything under tests/ (specs, system and integration tests, their support) and the unit tests beside the code.
  expect(tests.length).toBeGreaterThan(50);
  check(tests, "test");
});

test("each file allowed past the ceiling exists and is still past it", () => {
  const sizes = measured(Object.keys(OVER_THE_CEILING));
  expect(sizes.filter((s) => s.lines <= CEILING.source)).toEqual([]);
});
