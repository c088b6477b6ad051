import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { FILE_TYPE_REFUSED, fileTooLargeMessage } from "../../app/lib/files";
import { CHOOSE_FILE_KIND } from "../../app/lib/schemas/files";
import { FORM_MESSAGES } from "../../app/server/action-result.server";
import { UPLOAD_MESSAGES } from "../../app/server/files/upload.server";
import { localSignIn } from "../support/local-sign-in";
import { pdf, png, zip } from "../support/sample-files";
import { serversForFile } from "../support/server-file";
import { type RunningServer, startServer } from "../support/server-process";
import { bytesOf, postUpload, type UploadPart } from "../support/uploads";

// Uploads and downloads through the built server over real HTTP (docs/decisions/0043-file-storage.md,
// "Routes"): a multipart post to an upload route streams to the file store; anything refused leaves no row
// and no stored object; a file is served to its owner and to staff only.

const MB = 1024 * 1024;
const MAX = 2 * MB;
let server: RunningServer;
let maya: string;
let daniel: string;
let lead: string;
let coach: string;

serversForFile();
beforeAll(async () => {
  // A small per-file limit, so the cap the shell drops the connection at is small too.
  server = await startServer({ env: { FILE_MAX_BYTES: String(MAX) } });
  maya = await localSignIn(server.url, "maya.chen@example.com");
  daniel = await localSignIn(server.url, "daniel.okafor@example.com");
  lead = await localSignIn(server.url, "liam.tremblay@example.com");
  coach = await localSignIn(server.url, "coach@example.com");
});

const objects = () => {
  try {
    return readdirSync(path.join(server.dataDir, "files", "objects")).sort();
  } catch {
    return [];
  }
};

/** The client's own listing as the page shows it: each file's link and the space used. */
async function listing(cookie: string): Promise<string> {
  const page = await filesPage(cookie);
  const links = page.match(/href="\/files\/[0-9a-f-]{36}"/g) ?? [];
  return [...links, /<span>[^<]*<!-- --> of <!-- -->[^<]*<!-- --> used<\/span>/.exec(page)?.[0]].join("\n");
}

async function filesPage(cookie: string): Promise<string> {
  const answer = await fetch(`${server.url}/files`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.text();
}

const file = (filename: string, bytes: Buffer | Iterable<Buffer>, type = "application/pdf"): UploadPart => ({
  name: "file",
  filename,
  type,
  bytes: Buffer.isBuffer(bytes) ? [bytes] : bytes,
});

async function unchanged(cookie: string, work: () => Promise<void>) {
  const [before, page] = [objects(), await listing(cookie)];
  await work();
  expect(objects()).toEqual(before);
  expect(await listing(cookie)).toBe(page);
}

test("a client uploads a PDF, as a document post and as its .data twin, and downloads it back", async () => {
  const bytes = pdf(3000);
  for (const target of ["/files", "/files.data"]) {
    const answer = await postUpload(`${server.url}${target}`, {
      cookie: maya,
      fields: { kind: "resume" },
      files: [file(`Résumé ${target === "/files" ? "one" : "two"}.pdf`, bytes)],
    });
    expect(answer.status, target).toBe(200);
  }
  const page = await filesPage(maya);
  expect(page).toContain("Résumé one.pdf");
  expect(page).toContain("Résumé two.pdf");
  const id = /href="\/files\/([0-9a-f-]{36})"/.exec(page)?.[1];
  expect(id).toBeDefined();
  const download = await fetch(`${server.url}/files/${id}`, { headers: { cookie: maya } });
  expect(download.status).toBe(200);
  expect(download.headers.get("content-type")).toBe("application/pdf");
  expect(download.headers.get("x-content-type-options")).toBe("nosniff");
  expect(download.headers.get("cache-control")).toBe("private, no-store");
  expect(download.headers.get("content-disposition")).toBe(
    `attachment; filename="R_sum_ two.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20two.pdf`,
  );
  expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
});

test("a 2 GB upload is refused with 413 after reading a few MB, and nothing is stored", async () => {
  await unchanged(maya, async () => {
    const answer = await postUpload(`${server.url}/files`, {
      cookie: maya,
      fields: { kind: "resume" },
      files: [file("huge.pdf", bytesOf(pdf(), 2 * 1024 * MB))],
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(fileTooLargeMessage(MAX));
    // What the client could hand over before the answer: the limit, the socket's buffers, no more.
    expect(answer.sent).toBeLessThan(64 * MB);
  });
});

test("the .data twin of a 2 GB upload is refused the same way", async () => {
  await unchanged(maya, async () => {
    const answer = await postUpload(`${server.url}/files.data`, {
      cookie: maya,
      fields: { kind: "resume" },
      files: [file("huge.pdf", bytesOf(pdf(), 2 * 1024 * MB))],
    });
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(64 * MB);
  });
});

test("a ZIP renamed .pdf and an HTML file are refused with 415 and the type message", async () => {
  for (const target of ["/files", "/files.data"]) {
    for (const part of [
      file("resume.pdf", zip([{ name: "a.txt", data: "hello" }])),
      file("resume.html", Buffer.from("<!doctype html><script>alert(1)</script>"), "text/html"),
    ]) {
      await unchanged(maya, async () => {
        const answer = await postUpload(`${server.url}${target}`, {
          cookie: maya,
          fields: { kind: "resume" },
          files: [part],
        });
        expect(answer.status, `${target} ${part.filename}`).toBe(415);
        expect(answer.body).toContain(FILE_TYPE_REFUSED);
      });
    }
  }
});

test("a 5,000-character file name is accepted and kept to 120 characters with its extension", async () => {
  const name = `${"a".repeat(4996)}.png`;
  const answer = await postUpload(`${server.url}/files`, {
    cookie: maya,
    fields: { kind: "other" },
    files: [file(name, png(100), "image/png")],
  });
  expect(answer.status).toBe(200);
  const page = await filesPage(maya);
  expect(page).toContain(`${"a".repeat(115)}….png`);
  expect(page).not.toContain("a".repeat(116));
});

test("a name with control characters, sent as Chromium sends it (the raw bytes), is cleaned and the file kept", async () => {
  // Issue 42: busboy refused the raw 0x07 as a malformed part header, and the page said "Send the form as a
  // form (…)". The name goes through cleanFileName like any other (app/lib/files.ts).
  for (const [target, label] of [
    ["/files", "one"],
    ["/files.data", "two"],
  ] as const) {
    const answer = await postUpload(`${server.url}${target}`, {
      cookie: maya,
      fields: { kind: "resume" },
      files: [file(`Bell\u0007 notes\u001b ${label}\u007f.pdf`, pdf(2000))],
    });
    expect(answer.status, `${target}: ${answer.body.slice(0, 300)}`).toBe(200);
  }
  const page = await filesPage(maya);
  expect(page).toContain("Bell notes one.pdf");
  expect(page).toContain("Bell notes two.pdf");
});

test("a body whose part headers cannot be read is refused in a person's words, and nothing is stored", async () => {
  for (const target of ["/files", "/files.data"]) {
    await unchanged(maya, async () => {
      // A raw line break in the name starts a header no browser sends ("Content Type", with a space).
      const answer = await postUpload(`${server.url}${target}`, {
        cookie: maya,
        fields: { kind: "resume" },
        files: [file("cv.pdf\r\nContent Type: x", pdf(2000))],
      });
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).toContain(UPLOAD_MESSAGES.unreadable);
      expect(answer.body, target).not.toContain(FORM_MESSAGES.notAForm);
    });
  }
});

test("another client's file is 404 by id, as a document and as .data; staff download it", async () => {
  const page = await listing(maya);
  const id = /href="\/files\/([0-9a-f-]{36})"/.exec(page)?.[1];
  for (const target of [`/files/${id}`, `/files/${id}.data`]) {
    const answer = await fetch(`${server.url}${target}`, { headers: { cookie: daniel } });
    expect(answer.status, target).toBe(404);
    expect(answer.headers.get("content-disposition")).toBeNull();
  }
  const missing = await fetch(`${server.url}/files/00000000-0000-4000-8000-000000000000`, {
    headers: { cookie: daniel },
  });
  expect(missing.status).toBe(404);
  const staff = await fetch(`${server.url}/admin/files/${id}`, { headers: { cookie: coach } });
  expect(staff.status).toBe(200);
  expect(staff.headers.get("content-disposition")).toMatch(/^attachment; /);
});

test("refused before the body is read (signed out, a lead, cross-site): answered at once, nothing stored", async () => {
  const cases: { who: string; cookie?: string; headers: Record<string, string>; status: number[] }[] = [
    { who: "signed out", cookie: undefined, headers: {}, status: [302, 202, 204] },
    { who: "a lead", cookie: lead, headers: {}, status: [403] },
    { who: "cross-site", cookie: maya, headers: { origin: "https://evil.example" }, status: [403] },
  ];
  for (const target of ["/files", "/files.data"]) {
    for (const { who, cookie, headers, status } of cases) {
      await unchanged(maya, async () => {
        const answer = await postUpload(`${server.url}${target}`, {
          cookie,
          headers,
          fields: { kind: "resume" },
          files: [file("big.pdf", bytesOf(pdf(), 2 * 1024 * MB))],
        });
        expect(status, `${target} ${who}: ${answer.status}`).toContain(answer.status);
        expect(answer.sent, `${target} ${who}`).toBeLessThan(64 * MB);
      });
    }
  }
});

test("an upload route keeps the form's own limits: at most five files, files in their own field", async () => {
  // A file stored before the parser met the sixth stays (each is whole and checked); the sixth never is.
  const before = objects().length;
  const six = Array.from({ length: 6 }, (_, i) => file(`r${i}.pdf`, pdf(10)));
  const answer = await postUpload(`${server.url}/files`, {
    cookie: maya,
    fields: { kind: "resume" },
    files: six,
  });
  expect(answer.status).toBe(400);
  expect(answer.body).toContain(UPLOAD_MESSAGES.tooManyFiles);
  expect(objects().length).toBeLessThanOrEqual(before + 5);
  await unchanged(maya, async () => {
    const stray = await postUpload(`${server.url}/files`, {
      cookie: maya,
      fields: { kind: "resume" },
      files: [{ ...file("r.pdf", pdf(10)), name: "other" }],
    });
    expect(stray.status).toBe(400);
    const late = await postUpload(`${server.url}/files`, { cookie: maya, files: [file("r.pdf", pdf(10))] });
    expect(late.status).toBe(400);
    expect(late.body).toContain(CHOOSE_FILE_KIND);
  });
});

test("a multipart post to a route that takes no files is still read whole and bounded", async () => {
  // /account's actions take forms, never files (/homework does since hand-ins carry them).
  const answer = await postUpload(`${server.url}/account`, {
    cookie: maya,
    fields: { intent: "email-preferences" },
    files: [file("big.pdf", bytesOf(pdf(), 2 * 1024 * MB))],
  });
  expect(answer.status === 413 || answer.status === "dropped").toBe(true);
  expect(answer.sent).toBeLessThan(64 * MB);
});

test("no 5xx in the server's log", () => {
  expect(server.logs()).not.toMatch(/"status":5\d\d/);
});
