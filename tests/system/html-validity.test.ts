import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PUBLIC_PAGES } from "~/content/prerender";
import {
  assertBuilt,
  type RunningServer,
  repoRoot,
  startServer,
  stopAllServers,
} from "../support/server-process";

// Every public page as served is valid by the Nu Html Checker (vnu-jar's download is denied in package.json;
// it runs on the machine's Java).

const VNU = path.join(repoRoot, "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
const PAGES = [...PUBLIC_PAGES, "/demo", "/demo/plan"];

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string };

let server: RunningServer;
const folder = mkdtempSync(path.join(os.tmpdir(), "coach-html-"));

beforeAll(async () => {
  assertBuilt();
  server = await startServer();
});
afterAll(async () => {
  await stopAllServers();
  rmSync(folder, { recursive: true, force: true });
});

test("the public pages and the demo have no Nu Html Checker error", async () => {
  const files: string[] = [];
  for (const page of PAGES) {
    const response = await fetch(`${server.url}${page}`);
    expect(response.status, page).toBe(200);
    const file = path.join(folder, `${page === "/" ? "home" : page.slice(1).replaceAll("/", "-")}.html`);
    writeFileSync(file, await response.text());
    files.push(file);
  }
  // vnu exits 1 on errors; the JSON report on stderr is read either way.
  const run = await promisify(execFile)(
    "java",
    ["-jar", VNU, "--format", "json", "--errors-only", ...files],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const errors = messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"} ${m.message}`);
  expect(errors).toEqual([]);
});
