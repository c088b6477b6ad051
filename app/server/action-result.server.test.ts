import fc from "fast-check";
import { expect, test } from "vitest";
import { FORM_LIMITS, FORM_MESSAGES, readForm } from "./action-result.server";
import { isRefusal } from "./refusal.server";

type Refusal = { init: { status: number } | null; data: { ok: false; error: string } };

const post = (body: BodyInit | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://localhost/admin", {
    method: "POST",
    body,
    headers,
    // A stream body needs half duplex (and then has no Content-Length, like a chunked upload).
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

const urlEncoded = (body: string) =>
  post(body, { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" });

async function refusal(request: Request, options?: Parameters<typeof readForm>[1]): Promise<Refusal> {
  let caught: unknown;
  try {
    await readForm(request, options);
  } catch (error) {
    caught = error;
  }
  expect(isRefusal(caught), "readForm must refuse this request").toBe(true);
  return caught as Refusal;
}

/** Streamed in 64 KB chunks with no declared length; counts what was pulled. */
function streamed(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

test("a URL-encoded or multipart form is read as sent", async () => {
  const form = await readForm(urlEncoded("intent=add-activity&title=%3Cscript%3E&note=a%0D%0Ab"));
  expect(Object.fromEntries(form)).toEqual({ intent: "add-activity", title: "<script>", note: "a\r\nb" });

  const multipart = new FormData();
  multipart.set("title", "Mock interview 😀");
  const parsed = await readForm(new Request("http://localhost/", { method: "POST", body: multipart }));
  expect(parsed.get("title")).toBe("Mock interview 😀");
});

test("invalid UTF-8 becomes U+FFFD, never a lone surrogate or an error", async () => {
  const form = await readForm(urlEncoded("title=%ED%A0%80%FF"));
  const title = form.get("title") as string;
  expect(title.isWellFormed()).toBe(true);
  expect(title).toMatch(/^\ufffd+$/);
});

test("a body that isn't a form is a 400", async () => {
  for (const request of [
    post(JSON.stringify({ intent: "x" }), { "content-type": "application/json" }),
    post("garbage", { "content-type": "multipart/form-data; boundary=nothing-here" }),
    post("a=1"),
  ]) {
    const refused = await refusal(request);
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error).toBe(FORM_MESSAGES.notAForm);
  }
});

test("over 1 MB is a 413, after reading the rest (and dropping it) so the answer reaches the client", async () => {
  const body = streamed(3 * 1024 * 1024);
  const request = post(body.stream, { "content-type": "application/x-www-form-urlencoded" });
  const refused = await refusal(request);
  expect(refused.init?.status).toBe(413);
  expect(refused.data.error).toBe(FORM_MESSAGES.tooLarge);
  expect(body.pulled()).toBeGreaterThanOrEqual(3 * 1024 * 1024);
});

test("a declared length over 1 MB is a 413 even when fewer bytes arrive", async () => {
  const refused = await refusal(
    post("a=1", {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(FORM_LIMITS.bytes + 1),
    }),
  );
  expect(refused.init?.status).toBe(413);
});

test("past the drain limit reading stops at once: 413 and the connection is dropped", async () => {
  const endless = streamed(Number.POSITIVE_INFINITY);
  const refused = await refusal(
    post(endless.stream, { "content-type": "application/x-www-form-urlencoded" }),
  );
  expect(refused.init?.status).toBe(413);
  expect(endless.pulled()).toBeLessThanOrEqual(FORM_LIMITS.drain + 2 * 64 * 1024);

  const declared = streamed(64 * 1024);
  const request = post(declared.stream, {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(FORM_LIMITS.drain + 1),
  });
  expect((await refusal(request)).init?.status).toBe(413);
  expect(declared.pulled()).toBeLessThanOrEqual(64 * 1024);
});

test("exactly 1 MB is still a form", async () => {
  const value = "a".repeat(FORM_LIMITS.bytes - "title=".length);
  expect((await readForm(urlEncoded(`title=${value}`))).get("title")).toHaveLength(value.length);
});

test("at most 100 fields, in either encoding", async () => {
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=x`).join("&");
  expect([...(await readForm(urlEncoded(fields(100))))]).toHaveLength(100);
  for (const request of [
    urlEncoded(fields(101)),
    urlEncoded("&".repeat(500_000)),
    new Request("http://localhost/", {
      method: "POST",
      body: (() => {
        const form = new FormData();
        for (let i = 0; i <= FORM_LIMITS.fields; i++) form.append(`f${i}`, "x");
        return form;
      })(),
    }),
  ]) {
    const refused = await refusal(request);
    expect(refused.init?.status).toBe(400);
    expect(refused.data.error).toBe(FORM_MESSAGES.tooManyFields);
  }
});

test("a repeated field is refused unless the action reads it as a list", async () => {
  const refused = await refusal(urlEncoded("title=a&title=%3Cscript%3E"));
  expect(refused.init?.status).toBe(400);
  expect(refused.data.error).toBe(FORM_MESSAGES.repeated);

  const rows = "resourceUrl=https%3A%2F%2Fa&resourceUrl=https%3A%2F%2Fb&title=x";
  const form = await readForm(urlEncoded(rows), { repeatable: ["resourceUrl"] });
  expect(form.getAll("resourceUrl")).toEqual(["https://a", "https://b"]);
});

test("files are refused", async () => {
  const form = new FormData();
  form.set("title", new Blob(["<script>"], { type: "text/html" }), "x.html");
  const refused = await refusal(new Request("http://localhost/", { method: "POST", body: form }));
  expect(refused.init?.status).toBe(400);
  expect(refused.data.error).toBe(FORM_MESSAGES.file);
});

test("property: any URL-encoded body either reads back what was sent or is refused with 400/413", async () => {
  const name = fc.oneof(
    fc.constantFrom("intent", "title", "link"),
    fc.string({ unit: "grapheme", maxLength: 8 }),
  );
  const value = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 50 }),
    fc.constantFrom("<script>", "\u0000", "&=%"),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 120 }), async (pairs) => {
      const body = new URLSearchParams(pairs).toString();
      try {
        const form = await readForm(urlEncoded(body));
        expect([...form]).toEqual([...new URLSearchParams(body)]);
        expect(new Set([...form.keys()]).size).toBe([...form.keys()].length);
        expect([...form].length).toBeLessThanOrEqual(FORM_LIMITS.fields);
      } catch (error) {
        const refused = error as Refusal;
        expect([400, 413]).toContain(refused.init?.status);
        expect(refused.data.error).toMatch(/\w/);
      }
    }),
    { numRuns: 200 },
  );
});
