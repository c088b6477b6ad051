import { Readable, type Transform } from "node:stream";
import busboy from "busboy";
import { FORM_LIMITS, FORM_MESSAGES, invalid, readForm } from "../action-result.server";
import { refusal } from "../refusal.server";
import { lenientPartHeaders, multipartBoundary, restoreControls } from "./part-headers.server";

// Reading an upload form (docs/decisions/0043-file-storage.md, "Routes"). The shell lets a multipart body
// through unread only to a route that exports `streamsUploads` (express-shell/security.ts), so each file
// part goes straight from the socket to its handler (the file store, which counts, sniffs and cuts).

/** What one upload request may hold. */
export const UPLOAD_LIMITS = {
  files: 5,
  /** A text field (a kind, an id, a note) is short; the longest form field is 10,000 characters. */
  fieldBytes: 64 * 1024,
} as const;

export const UPLOAD_MESSAGES = {
  tooManyFiles: `Upload at most ${UPLOAD_LIMITS.files} files at once.`,
  fieldsFirst: "The form's fields must come before its files.",
  unfinished: "The upload did not finish. Please try again.",
  /** The body is multipart but cannot be read as a form: no boundary, or a part's headers out of shape. */
  unreadable:
    "The form could not be read as it was sent. Please choose your files again and send it once more.",
} as const;

/**
 * The most bytes the shell lets one upload request send before it drops the connection: every file at
 * the per-file limit plus a form's worth of fields and part headers. The store refuses a file long before.
 */
export function uploadBodyCap(maxFileBytes: number): number {
  return maxFileBytes * UPLOAD_LIMITS.files + FORM_LIMITS.bytes;
}

export type UploadedFile = {
  /** The form field the file came in. */
  field: string;
  /** As the browser sent it (cleaned by the model: cleanFileName). */
  name: string;
  /** Read it to its end, or fail: the next part waits behind it. */
  body: Readable;
};

export type UploadOptions<R> = {
  /** The field files may come in; a file in any other field is refused. */
  fileField: string;
  maxFiles?: number;
  repeatable?: readonly string[];
  /** Each file, in order, with the fields read before it; a refusal thrown here ends the upload. */
  onFile(file: UploadedFile, fields: FormData): Promise<R>;
};

/**
 * The upload form's fields and what `onFile` made of each file. A form without files (URL-encoded, as the
 * shell read it whole) gives its fields and no results. A refusal (400, 413, or whatever `onFile` threw)
 * stops reading at once: the shell closes the connection after the answer rather than reading the rest.
 */
/** Whether a post is multipart: the shell streams it to an upload route, unread (security.ts). */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");
}

export async function receiveUpload<R>(
  request: Request,
  options: UploadOptions<R>,
): Promise<{ fields: FormData; results: R[] }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!isMultipart(request) || !request.body) {
    return { fields: await readForm(request, { repeatable: options.repeatable }), results: [] };
  }
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw invalid(UPLOAD_MESSAGES.unreadable);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send names as UTF-8; busboy's default would read them as Latin-1.
      defParamCharset: "utf8",
      preservePath: true,
      limits: {
        files: options.maxFiles ?? UPLOAD_LIMITS.files,
        fields: FORM_LIMITS.fields,
        parts: FORM_LIMITS.fields + (options.maxFiles ?? UPLOAD_LIMITS.files),
        fieldSize: UPLOAD_LIMITS.fieldBytes,
        fieldNameSize: 200,
        headerPairs: 20,
      },
    });
  } catch {
    throw invalid(UPLOAD_MESSAGES.unreadable);
  }
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  return parse(source, lenientPartHeaders(boundary), parser, options);
}

function parse<R>(
  source: Readable,
  headers: Transform,
  parser: busboy.Busboy,
  options: UploadOptions<R>,
): Promise<{ fields: FormData; results: R[] }> {
  const fields = new FormData();
  const results: R[] = [];
  const repeatable = new Set(options.repeatable ?? []);
  let filesSeen = false;
  let current: Readable | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();
  let queue = Promise.resolve();
  let failed = false;

  return new Promise((resolve, reject) => {
    // The file being stored is cut off, and the refusal waits for it to settle: nothing is added after it.
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      headers.unpipe(parser);
      source.destroy();
      headers.destroy();
      current?.destroy();
      parser.removeAllListeners("file");
      const answer = () => reject(error);
      void inFlight.then(answer, answer);
    };
    parser.on("field", (name, value, info) => {
      if (failed) return;
      if (info.nameTruncated || info.valueTruncated) return fail(tooLarge());
      if (filesSeen) return fail(invalid(UPLOAD_MESSAGES.fieldsFirst));
      if (fields.has(name) && !repeatable.has(name)) return fail(invalid(FORM_MESSAGES.repeated));
      fields.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      // An empty file input is sent as a part with no name and no bytes: `filename=""`, which busboy
      // reads as no file name, or no filename at all (undici's FormData).
      if (failed || !info.filename) return void stream.resume();
      if (name !== options.fileField) return fail(invalid(FORM_MESSAGES.file));
      filesSeen = true;
      queue = queue
        .then(async () => {
          if (failed) return void stream.resume();
          current = stream;
          const given = restoreControls(info.filename ?? "");
          const added = options.onFile({ field: name, name: given, body: stream }, fields);
          inFlight = added;
          results.push(await added);
          current = null;
          // Whatever the handler left unread, so the parser moves on to the next part.
          if (!stream.readableEnded) stream.resume();
        })
        .catch(fail);
    });
    parser.on("filesLimit", () => fail(invalid(UPLOAD_MESSAGES.tooManyFiles)));
    parser.on("fieldsLimit", () => fail(invalid(FORM_MESSAGES.tooManyFields)));
    parser.on("partsLimit", () => fail(invalid(FORM_MESSAGES.tooManyFields)));
    // busboy's words are for programmers: a body cut short is an unfinished upload, anything else unreadable.
    parser.on("error", (error: Error) =>
      fail(
        invalid(
          /^Unexpected end/.test(error.message) ? UPLOAD_MESSAGES.unfinished : UPLOAD_MESSAGES.unreadable,
        ),
      ),
    );
    parser.on("close", () => {
      void queue.then(() => {
        if (!failed) resolve({ fields, results });
      });
    });
    // The sender went away (or the shell cut the body at its cap).
    source.on("error", () => fail(invalid(UPLOAD_MESSAGES.unfinished)));
    source.pipe(headers).pipe(parser);
  });
}

function tooLarge() {
  return refusal(
    { ok: false as const, error: FORM_MESSAGES.tooLarge },
    { status: 413, statusText: "Content Too Large" },
  );
}

type BuiltRoutes = Record<string, { path?: string; parentId?: string; module: unknown } | undefined>;

/**
 * The paths of the routes that export `streamsUploads = true` (and each one's `.data` twin, with or without a
 * trailing slash), read from the build, for the shell; null when there are none. Case-insensitive, as the
 * router matches. A spelling this misses is only read whole and bounded, like any other form.
 */
export function uploadPathPattern(routes: BuiltRoutes): RegExp | null {
  const patterns: string[] = [];
  for (const [id, route] of Object.entries(routes)) {
    if ((route?.module as { streamsUploads?: unknown } | undefined)?.streamsUploads !== true) continue;
    const parts: string[] = [];
    for (let at: string | undefined = id; at; at = routes[at]?.parentId) {
      const path = routes[at]?.path;
      if (path) parts.unshift(path);
    }
    const segments = parts.join("/").split("/").filter(Boolean);
    if (segments.some((segment) => segment.endsWith("?") || segment.includes("*")))
      throw new Error(`${id}: an upload route's path has no optional or splat segments`);
    patterns.push(
      segments
        .map((segment) =>
          segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("/"),
    );
  }
  if (patterns.length === 0) return null;
  return new RegExp(`^/(?:${patterns.join("|")})(?:/|\\.data|/\\.data)?$`, "i");
}
