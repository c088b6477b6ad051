import { beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_INTAKE_QUESTIONS } from "~/content/intake";
import { INTAKE_MESSAGES } from "~/lib/schemas/intake";
import { localSignIn } from "../support/local-sign-in";
import { serversForFile } from "../support/server-file";
import { type RunningServer, startServer } from "../support/server-process";

// The coach's intake questionnaire through the running server (docs/decisions/0046-intake-questionnaire.md):
// a question of a type the site doesn't know is refused with a 400 naming it, as a document and as its
// `.data` twin, and no version is stored.

serversForFile();

type Session = { server: RunningServer; coach: string };

function post(s: Session, path: string, fields: Record<string, string>) {
  return fetch(`${s.server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: s.coach },
    body: new URLSearchParams(fields),
  });
}

/** The version in force, as the coach's page says it ("Version N is in use"; null: the default set). */
async function versionInUse(s: Session): Promise<number | null> {
  const response = await fetch(`${s.server.url}/admin/intake`, { headers: { cookie: s.coach } });
  const html = await response.text();
  expect(response.status, html.slice(0, 500)).toBe(200);
  const found = /Version (\d+) is in use\./.exec(html)?.[1];
  if (found) return Number(found);
  expect(html).toContain("No version saved yet");
  return null;
}

/** React writes ' as &#x27; in a document; the `.data` twin carries the words as they are. */
const unescaped = (text: string) => text.replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

const save = (questions: unknown) => ({ intent: "save-questionnaire", questions: JSON.stringify(questions) });

describe("the intake questionnaire over HTTP", () => {
  let s: Session;
  beforeAll(async () => {
    const server = await startServer({ env: { MUTATION_RATE_LIMIT: "100000" } });
    s = { server, coach: await localSignIn(server.url, "coach@example.com") };
  });

  test("a question of an unknown type: 400 naming it, document and .data, nothing stored", async () => {
    const before = await versionInUse(s);
    const [first, ...rest] = DEFAULT_INTAKE_QUESTIONS;
    const withType = (type: unknown) => save([{ ...first, type }, ...rest]);
    const unknownTypes: unknown[] = ["essay", "file", "SHORT", "", null, 1, ["short"], { short: true }];
    for (const twin of ["", ".data"]) {
      for (const type of unknownTypes) {
        const response = await post(s, `/admin/intake${twin}`, withType(type));
        const text = await response.text();
        expect(response.status, `${twin} ${JSON.stringify(type)}: ${text.slice(0, 300)}`).toBe(400);
        expect(unescaped(text)).toContain(`Question 1: ${INTAKE_MESSAGES.unknownType}`);
      }
      // The type missing altogether, and an unknown type further down the list.
      const { type: _dropped, ...untyped } = first ?? {};
      const missing = await post(s, `/admin/intake${twin}`, save([untyped, ...rest]));
      expect(missing.status).toBe(400);
      const later = await post(s, `/admin/intake${twin}`, save([first, { ...rest[0], type: "video" }]));
      expect(later.status).toBe(400);
      expect(unescaped(await later.text())).toContain(`Question 2: ${INTAKE_MESSAGES.unknownType}`);
    }
    expect(await versionInUse(s)).toBe(before);

    // The same list with its own types is saved: the refusals above were for the type alone.
    const saved = await post(s, "/admin/intake.data", save(DEFAULT_INTAKE_QUESTIONS));
    expect(saved.status, await saved.text()).toBe(200);
    expect(await versionInUse(s)).toBe((before ?? 0) + 1);
  });
});
