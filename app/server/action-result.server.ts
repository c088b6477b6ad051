import { logger } from "./logger.server";
import { isRefusal, refusal, refusalOf } from "./refusal.server";

// Models refuse with `refuse(message, status)` (refusal.server.ts); actions that answer a form in place
// show it beside the control. Redirects and unexpected failures (a logged 500) pass through.

/**
 * Runs a change and answers in the form's shape: `{ ok: true, value }`, a model's refusal with its own
 * words and status, or (logged) a 500 with `fallback`. `also` is added to a refusal (which form it is).
 */
export async function attempt<T, const E extends object = object>(
  work: () => Promise<T>,
  fallback = "Failed to save.",
  also?: E,
) {
  const refused = (error: string, status: number, field?: string) =>
    refusal({ ok: false as const, error, ...(field ? { field } : {}), ...(also as E) }, { status });
  try {
    const value = await work();
    return { ok: true as const, value, error: null };
  } catch (error) {
    if (error instanceof Response) throw error; // redirects
    if (isRefusal(error)) {
      const { message, status } = refusalOf(error, fallback);
      // A form's refusal (invalid) names its field, which the form marks.
      const field = (error.data as { field?: unknown } | null)?.field;
      return refused(message, status, typeof field === "string" ? field : undefined);
    }
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "action failed");
    return refused(fallback, 500);
  }
}

export function invalid(message: string, field?: string) {
  // The status text names the problem when the answer is thrown (an error page, not an inline message).
  return refusal(
    { ok: false as const, error: message, ...(field ? { field } : {}) },
    { status: 400, statusText: "Bad Request" },
  );
}

/**
 * Twice the largest real form. An oversized body is drained so HTTP/1.1 clients see the 413; past
 * `drain` the connection is dropped instead.
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

/** For actions that read no fields: drain the body within the same limits, so none leaks into the next request. */
export async function discardBody(request: Request): Promise<void> {
  await readBody(request);
}

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
 * The submitted form, or a thrown refusal: 413 over FORM_LIMITS.bytes, 400 for a non-form body, too many
 * fields, a file, or a non-`repeatable` field sent twice. Malformed input never becomes a 500.
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
