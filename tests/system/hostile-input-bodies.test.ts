import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  answerOf,
  cookies,
  ids,
  judge,
  OPTIONS,
  RUNS,
  readAnswer,
  serverUrl,
  setUpHostileServer,
  testNoServerErrors,
} from "../support/hostile-server";

// Bodies that are not forms, or too much of one, to every action (tests/support/hostile-server.ts).

setUpHostileServer();

const FORM_PATHS = () => [
  { path: `/admin/clients/${ids.maya}`, who: "admin" as const },
  { path: "/admin/clients", who: "admin" as const },
  { path: "/admin/lessons/new", who: "admin" as const },
  { path: `/admin/lessons/${ids.lesson}`, who: "admin" as const },
  { path: "/homework", who: "client" as const },
  { path: "/account", who: "deleter" as const },
  { path: "/login", who: null },
];

describe("the body itself", () => {
  const malformed = fc.oneof(
    fc.constant({ kind: "json", type: "application/json", body: '{"intent":"add-activity","title":"x"}' }),
    fc.constant({ kind: "text", type: "text/plain", body: "intent=add-activity&title=x" }),
    fc.constant({ kind: "no type", type: "", body: "intent=add-activity&title=x" }),
    fc.constant({
      kind: "broken multipart",
      type: "multipart/form-data; boundary=zz",
      body: "--zz\r\ngarbage",
    }),
    fc.constant({
      kind: "a file",
      type: "multipart/form-data; boundary=zz",
      body: '--zz\r\nContent-Disposition: form-data; name="title"; filename="x.html"\r\nContent-Type: text/html\r\n\r\n<script>__pwned(1)</script>\r\n--zz--\r\n',
    }),
    fc.integer({ min: 101, max: 20_000 }).map((n) => ({
      kind: "too many fields",
      type: "application/x-www-form-urlencoded",
      body: Array.from({ length: n }, (_, i) => `f${i}=x`).join("&"),
    })),
    fc.constant({
      kind: "repeated intent",
      type: "application/x-www-form-urlencoded",
      body: "intent=add-activity&intent=delete-person&title=x",
    }),
    fc.integer({ min: 1_048_577, max: 5 * 1_048_576 }).map((n) => ({
      kind: "over 1 MB",
      type: "application/x-www-form-urlencoded",
      body: `intent=add-activity&title=${"a".repeat(n)}`,
    })),
  );

  test("not a form, a file, too many fields, a repeated field, over 1 MB: 400 or 413 with a message", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        malformed,
        fc.boolean(),
        fc.boolean(),
        async (which, { kind, type, body }, document, chunked) => {
          const { path, who } = FORM_PATHS()[which % FORM_PATHS().length] as ReturnType<
            typeof FORM_PATHS
          >[number];
          const headers: Record<string, string> = { origin: serverUrl() };
          if (type) headers["content-type"] = type;
          if (who) headers.cookie = cookies[who];
          const bytes = new TextEncoder().encode(body);
          const response = await fetch(`${serverUrl()}${document ? path : `${path}.data`}`, {
            method: "POST",
            redirect: "manual",
            headers,
            body: chunked ? new Blob([bytes]).stream() : bytes,
            ...(chunked ? { duplex: "half" } : {}),
            signal: AbortSignal.timeout(60_000),
          } as RequestInit);
          const sent = await readAnswer(response, document);
          expect(sent.status, kind).toBe(kind === "over 1 MB" ? 413 : 400);
          judge(sent, { document, multipart: false }, [400, 413]);
        },
      ),
      { ...OPTIONS, numRuns: RUNS * 2 },
    );
  });

  test("5 MB to every action: 413 in time, whether its length is declared or not; 20 MB: dropped", async () => {
    const big = new TextEncoder().encode(`intent=add-activity&title=${"a".repeat(5 * 1_048_576)}`);
    for (const { path, who } of FORM_PATHS()) {
      for (const chunked of [false, true]) {
        // The signal's 30 s is far beyond what the server needs; one that waited for more would time out anyway.
        const response = await fetch(`${serverUrl()}${path}.data`, {
          method: "POST",
          headers: {
            origin: serverUrl(),
            "content-type": "application/x-www-form-urlencoded",
            ...(who ? { cookie: cookies[who] } : {}),
          },
          body: chunked ? new Blob([big]).stream() : big,
          ...(chunked ? { duplex: "half" } : {}),
          signal: AbortSignal.timeout(30_000),
        } as RequestInit);
        const sent = await readAnswer(response, false);
        expect(response.status, `${path} chunked=${chunked}`).toBe(413);
        expect(answerOf(sent).message).toBe("The form is too large (at most 1 MB).");
      }
    }
    const outcome = await fetch(`${serverUrl()}/admin/clients/${ids.maya}.data`, {
      method: "POST",
      headers: {
        origin: serverUrl(),
        cookie: cookies.admin,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new Uint8Array(20 * 1_048_576).fill(0x61),
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => "dropped",
    );
    expect([413, "dropped"]).toContain(outcome);
    expect((await fetch(`${serverUrl()}/healthz`)).status).toBe(200);
  });
});

testNoServerErrors();
