import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { beforeAll, expect, test } from "vitest";
import { IMPORT_REFUSALS } from "../../app/server/entries/job-import.server";
import { localSignIn } from "../support/local-sign-in";
import { noise, pdf } from "../support/sample-files";
import { serversForFile } from "../support/server-file";
import { type RunningServer, startServer } from "../support/server-process";
import { bytesOf, postUpload, type UploadPart } from "../support/uploads";

// The job search's import over real HTTP through the built server (docs/decisions/0053-job-search.md,
// "Import and export"): the upload path refuses a 20 MB CSV at once (413) and a file that is not a CSV (415),
// on the page and its .data twin, storing nothing; a Huntr export is previewed, then confirmed with the
// preview's token, and the export downloads every application back.

const MB = 1024 * 1024;
let server: RunningServer;
let maya: string;
let lead: string;

serversForFile();
beforeAll(async () => {
  server = await startServer();
  maya = await localSignIn(server.url, "maya.chen@example.com");
  lead = await localSignIn(server.url, "liam.tremblay@example.com");
});

const csvFile = (filename: string, bytes: Buffer | Iterable<Buffer>, type = "text/csv"): UploadPart => ({
  name: "file",
  filename,
  type,
  bytes: Buffer.isBuffer(bytes) ? [bytes] : (bytes as Iterable<Buffer>),
});

/** The client's applications as the export gives them (the header, then one line each). */
async function exported(cookie: string): Promise<string[][]> {
  const answer = await fetch(`${server.url}/applications/export.csv`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return parse(await answer.text(), { bom: true }) as string[][];
}

async function unchanged(run: () => Promise<void>) {
  const before = await exported(maya);
  await run();
  expect(await exported(maya)).toEqual(before);
}

test("a 20 MB CSV is refused with 413 at once, on the page and its .data twin, and nothing is stored", async () => {
  await unchanged(async () => {
    for (const target of ["/applications/import", "/applications/import.data"]) {
      const started = Date.now();
      const answer = await postUpload(`${server.url}${target}`, {
        cookie: maya,
        files: [csvFile("big.csv", bytesOf(Buffer.from("Company,Role\n"), 20 * MB))],
      });
      expect(answer.status, target).toBe(413);
      if (target === "/applications/import") expect(answer.body).toContain(IMPORT_REFUSALS.tooLarge);
      expect(answer.sent).toBeLessThan(16 * MB);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});

test("a PDF renamed .csv and binary bytes are refused with 415 in words, on both paths", async () => {
  await unchanged(async () => {
    for (const target of ["/applications/import", "/applications/import.data"]) {
      for (const [part, words] of [
        [csvFile("resume.csv", pdf(1000)), IMPORT_REFUSALS.notCsvType("pdf")],
        [csvFile("data.csv", noise(4096), "application/octet-stream"), null],
      ] as const) {
        const answer = await postUpload(`${server.url}${target}`, { cookie: maya, files: [part] });
        expect(answer.status, `${target} ${part.filename}`).toBe(415);
        if (target === "/applications/import" && words) expect(answer.body).toContain(words);
      }
    }
  });
});

test("a lead cannot import: 403, nothing stored", async () => {
  const answer = await postUpload(`${server.url}/applications/import`, {
    cookie: lead,
    files: [csvFile("huntr.csv", readFileSync("tests/fixtures/job-import/huntr.csv"))],
  });
  expect(answer.status).toBe(403);
});

test("a Huntr export: previewed, confirmed only with the preview's token, then exported back", async () => {
  const huntr = readFileSync("tests/fixtures/job-import/huntr.csv");
  const before = await exported(maya);
  const preview = await postUpload(`${server.url}/applications/import`, {
    cookie: maya,
    files: [csvFile("huntr.csv", huntr)],
  });
  expect(preview.status).toBe(200);
  expect(preview.body).toContain("5 applications<!-- --> from your <!-- -->Huntr export");
  const token = /name="token" value="([^"]+)"/.exec(preview.body)?.[1];
  expect(token).toBeTruthy();
  expect(await exported(maya)).toEqual(before);

  // Without the token, or with another file, nothing is stored.
  await unchanged(async () => {
    for (const fields of [{}, { token: "x~y" }] as Record<string, string>[]) {
      const answer = await postUpload(`${server.url}/applications/import?step=confirm`, {
        cookie: maya,
        fields,
        files: [csvFile("huntr.csv", huntr)],
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("not the file that was previewed");
    }
  });

  const confirmed = await postUpload(`${server.url}/applications/import?step=confirm`, {
    cookie: maya,
    fields: { token: token ?? "" },
    files: [csvFile("huntr.csv", huntr)],
  });
  // Stored: to the board, which says how many.
  expect(confirmed.status).toBe(302);
  expect(confirmed.headers.location).toBe("/applications?imported=5");
  const after = await exported(maya);
  expect(after).toHaveLength(before.length + 5);
  expect(after.map((row) => row[0])).toEqual(expect.arrayContaining(["Acme Corp", "Globex", "Hooli"]));
});
