import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./server-process";

// The Nu Html Checker (vnu-jar's download is denied in package.json; it runs on the machine's Java), on
// pages as served, in one Java start for all of them.

const VNU = path.join(repoRoot, "node_modules", "vnu-jar", "build", "dist", "vnu.jar");

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string };

/** `pages`: a file name (no folder) for each document's HTML. Returns "name:line message" per error. */
export async function nuCheckerErrors(pages: Record<string, string>): Promise<string[]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "coach-html-"));
  try {
    const files = Object.entries(pages).map(([name, html]) => {
      const file = path.join(folder, `${name}.html`);
      writeFileSync(file, html);
      return file;
    });
    // vnu exits 1 on errors; the JSON report on stderr is read either way.
    const run = await promisify(execFile)(
      "java",
      // The quick compiler only: about half the CPU for a few hundred pages; it needs a deeper stack than
      // the default to evaluate the HTML schema (vnu says so when it overflows).
      ["-Xss4m", "-XX:TieredStopAtLevel=1", "-jar", VNU, "--format", "json", "--errors-only", ...files],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${path.basename(m.url, ".html")}:${m.lastLine ?? "?"} ${m.message}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
