import { data } from "react-router";
import { logger } from "./logger.server";
import { isRefusal, refusal, refusalOf } from "./refusal.server";

// Model functions refuse with `refuse(message, status)` (403, 404, 409…: refusal.server.ts). Actions
// that answer a form in place turn that into a result the page shows beside the control; a redirect or
// an unexpected failure passes through (the latter as a logged 500 with a generic message).

export type ActionResult<T = unknown> = { ok: true; value: T; error: null } | { ok: false; error: string };

export async function attempt<T>(work: () => Promise<T>, fallback = "Failed to save.") {
  try {
    const value = await work();
    return { ok: true as const, value, error: null };
  } catch (error) {
    if (error instanceof Response) throw error; // redirects
    if (isRefusal(error)) {
      const { message, status } = refusalOf(error, fallback);
      return data({ ok: false as const, error: message }, { status });
    }
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "action failed");
    return data({ ok: false as const, error: fallback }, { status: 500 });
  }
}

/** A 400 with the form's first validation message, and the field it is about when one is known. */
export function invalid(message: string, field?: string) {
  // The status text names the problem when the answer is thrown (an error page, not an inline message).
  return refusal(
    { ok: false as const, error: message, ...(field ? { field } : {}) },
    { status: 400, statusText: "Bad Request" },
  );
}

/**
 * What any form post may be: the largest real form (a lesson with 20 resource rows, every character
 * a 9-byte escape) is about half of `bytes`. A body over `bytes` is read to its end and dropped, so
 * the 413 reaches the client (HTTP/1.1 clients keep sending and miss an early answer); past `drain`
 * the connection is dropped instead. Memory is bounded by `bytes` either way.
 */
export const FORM_LIMITS = { bytes: 1_048_576, fields: 100, drain: 16 * 1_048_576 } as const;

export const FORM_MESSAGES = {
  notAForm: "Send the form as a form (application/x-www-form-urlencoded or multipart/form-data).",
  tooLarge: "The form is too large (at most 1 MB).",
  tooManyFields: `The form has too many fields (at most ${FORM_LIMITS.fields}).`,
  file: "This form takes no files.",
  repeated: "A field was sent more than once.",
} as const;

export type ReadFormOptions = {
  /** Fields that may appear more than once (link rows); any other repeated field is refused. */
  repeatable?: readonly string[];
};

/** The body's bytes, or a 413 for more than `FORM_LIMITS.bytes` (declared or sent). */
async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () =>
    refusal(
      { ok: false as const, error: FORM_MESSAGES.tooLarge },
      { status: 413, statusText: "Content Too Large" },
    );
  const declared = Number(request.headers.get("content-length")) || 0;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    if (declared > FORM_LIMITS.drain) {
      await reader.cancel();
      throw tooLarge();
    }
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > FORM_LIMITS.drain) {
        await reader.cancel();
        throw tooLarge();
      }
      if (size <= FORM_LIMITS.bytes && declared <= FORM_LIMITS.bytes) chunks.push(chunk.value);
    }
  }
  if (size > FORM_LIMITS.bytes || declared > FORM_LIMITS.bytes) throw tooLarge();
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * For an action that reads no fields (sign-out): the body is read and dropped within the same limits
 * (413 over 1 MB), so a connection never carries an unread body into the next request.
 */
export async function discardBody(request: Request): Promise<void> {
  await readBody(request);
}

/** How many fields the body holds, counted on its bytes: `&`s of a URL-encoded body, parts of a multipart one. */
function fieldCount(bytes: Uint8Array, contentType: string): number {
  if (bytes.byteLength === 0) return 0;
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const needle = Buffer.from(boundary ? `--${boundary}` : "&");
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let found = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) found++;
  // n fields: n - 1 `&`s, or n + 1 boundary lines (the last one closes the body).
  return boundary ? found - 1 : found + 1;
}

/**
 * The submitted form, or a refusal thrown as React Router's `data({ ok: false, error }, { status })`:
 * 413 for a body over 1 MB (see FORM_LIMITS), 400 for a body that is not a form at all
 * (JSON, a broken multipart), more than 100 fields, a file, or a field sent twice that is not in
 * `repeatable`. A malformed request is refused, never a 500; fields the action doesn't read are ignored.
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const bytes = await readBody(request);
  const contentType = request.headers.get("content-type") ?? "";
  // Counted before parsing, so a megabyte of `&` never becomes half a million entries.
  if (fieldCount(bytes, contentType) > FORM_LIMITS.fields) throw invalid(FORM_MESSAGES.tooManyFields);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw invalid(FORM_MESSAGES.notAForm);
  }
  const seen = new Set<string>();
  const repeatable = new Set(options.repeatable ?? []);
  let count = 0;
  for (const [name, value] of form) {
    if (++count > FORM_LIMITS.fields) throw invalid(FORM_MESSAGES.tooManyFields);
    if (typeof value !== "string") throw invalid(FORM_MESSAGES.file);
    if (seen.has(name) && !repeatable.has(name)) throw invalid(FORM_MESSAGES.repeated);
    seen.add(name);
  }
  return form;
}
