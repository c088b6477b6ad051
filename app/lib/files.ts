// What the site accepts as an uploaded file, and how a file's name is cleaned for display
// (docs/decisions/0043-file-storage.md). Shared so a future upload form can say the same as the server.

/** The only types kept, judged from the bytes (app/server/files/sniff.server.ts), never from the name. */
export const ACCEPTED_FILE_TYPES = {
  "application/pdf": { label: "PDF", extension: "pdf" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    label: "Word document (DOCX)",
    extension: "docx",
  },
  "image/png": { label: "PNG image", extension: "png" },
  "image/jpeg": { label: "JPEG image", extension: "jpg" },
} as const;

export type AcceptedFileType = keyof typeof ACCEPTED_FILE_TYPES;

export function isAcceptedFileType(mime: string | undefined): mime is AcceptedFileType {
  return mime !== undefined && Object.hasOwn(ACCEPTED_FILE_TYPES, mime);
}

/** What a file is for, chosen by whoever adds it; attachments to homework and lessons are "other" by default. */
export const FILE_KINDS = ["resume", "cover-letter", "other"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FILE_KIND_LABELS: Record<FileKind, string> = {
  resume: "Resume",
  "cover-letter": "Cover letter",
  other: "Other",
};

export const FILE_TYPE_REFUSED =
  "This type of file is not accepted: upload a PDF, a Word document (DOCX), or a PNG or JPEG image.";

export function fileTooLargeMessage(maxBytes: number): string {
  return `This file is larger than ${formatBytes(maxBytes)}, the most one file may be.`;
}

/** When the person's total, not the per-file limit, is what the file passes. */
export function fileQuotaMessage(roomBytes: number, quotaBytes: number): string {
  if (roomBytes <= 0) {
    return `Your files already use all of your ${formatBytes(quotaBytes)}: delete one to make room.`;
  }
  return `This file is larger than the ${formatBytes(roomBytes)} left of your ${formatBytes(quotaBytes)} for files: delete one to make room.`;
}

/** Binary units, as operating systems show file sizes: 20971520 → "20 MB". */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, "");
  return `${shown} ${units[unit]}`;
}

/** Code points, so a cut never splits a surrogate pair. */
export const FILE_NAME_MAX_LENGTH = 120;
const EXTENSION_MAX_LENGTH = 10;

// C0 and C1 controls and DEL; bidirectional embeddings, overrides, isolates and marks (the
// "invoice\u202Efdp.exe" trick); line and paragraph separators; zero-width space and byte-order mark.
// Zero-width (non-)joiners stay: some scripts and emoji need them.
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff]/g;

/**
 * The name a person gave a file, made safe to show and to offer back on download: the last path part only,
 * no control or direction-changing characters, spaces collapsed, at most FILE_NAME_MAX_LENGTH characters
 * (the extension kept). Otherwise as given; "file" when nothing is left.
 */
export function cleanFileName(given: string): string {
  const lastPart = given.normalize("NFC").split(/[/\\]/).pop() ?? "";
  const cleaned = lastPart
    .replace(/[\t\n\v\f\r]/g, " ")
    .replace(UNSAFE, "")
    .replace(/\s+/g, " ")
    .trim()
    // Windows drops trailing dots and spaces when saving; "." and ".." name folders.
    .replace(/[. ]+$/, "");
  if (cleaned === "") return "file";
  return shorten(cleaned);
}

function shorten(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const kept = extension.length > 0 && extension.length <= EXTENSION_MAX_LENGTH + 1 ? extension : [];
  const stem = chars.slice(0, FILE_NAME_MAX_LENGTH - kept.length - 1);
  return `${stem.join("").trimEnd()}…${kept.join("")}`;
}
