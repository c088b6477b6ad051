import { Transform } from "node:stream";

// Browsers put a file's name into its part header as it is, control characters included: Chromium sends
// "Bell\u0007 notes.pdf" with the raw 0x07 byte (only `"`, CR and LF are escaped, as %22, %0D, %0A), and
// busboy refuses any such byte as a malformed header, which lost the whole upload (issue 42). Before the
// parser, each control byte in a part's headers becomes a Unicode noncharacter (reserved for a program's
// own use, never a character of a name), and `restoreControls` turns it back, so `cleanFileName`
// (app/lib/files.ts) alone decides what a name keeps. The parts' bodies pass byte for byte.

/** C0 controls other than tab, CR and LF (which busboy reads itself), and DEL. */
function isHeaderControl(byte: number): boolean {
  return (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f;
}

/** 0x00–0x1F → U+FDD0–U+FDEF (32 noncharacters), DEL → U+FFFF. */
function standIn(byte: number): string {
  return byte === 0x7f ? "\uffff" : String.fromCharCode(0xfdd0 + byte);
}

const STAND_INS = /[\ufdd0-\ufdef\uffff]/g;

/** A name as busboy read it, with the control characters the browser sent. */
export function restoreControls(name: string): string {
  return name.replace(STAND_INS, (c) =>
    c === "\uffff" ? "\u007f" : String.fromCharCode(c.charCodeAt(0) - 0xfdd0),
  );
}

/** The boundary of a multipart content type, as busboy reads it (quoted or not); null without one. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;]+))/i.exec(contentType);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : (match[2] ?? null);
}

/**
 * Passes a multipart body through, with the control bytes of each part's headers (from a delimiter line to
 * the blank line after it) made readable by a strict parser. Holds back at most a delimiter's length.
 */
export function lenientPartHeaders(boundary: string): Transform {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const headersEnd = Buffer.from("\r\n\r\n");
  // The body reads as if after a line break, so a delimiter at its very start is found like any other;
  // those two bytes are never passed on.
  let carry = Buffer.from("\r\n");
  let unsent = 2;
  let inHeaders = false;

  const pass = (stream: Transform, bytes: Buffer, headers: boolean) => {
    let out = headers ? readableHeaders(bytes) : bytes;
    if (unsent > 0) {
      const dropped = Math.min(unsent, out.length);
      unsent -= dropped;
      out = out.subarray(dropped);
    }
    if (out.length > 0) stream.push(out);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      let at = 0;
      while (true) {
        const needle = inHeaders ? headersEnd : delimiter;
        const found = data.indexOf(needle, at);
        if (found === -1) {
          // What might be the start of the needle waits for the next chunk.
          const keep = Math.max(at, data.length - (needle.length - 1));
          pass(this, data.subarray(at, keep), inHeaders);
          carry = Buffer.from(data.subarray(keep));
          break;
        }
        pass(this, data.subarray(at, found), inHeaders);
        pass(this, data.subarray(found, found + needle.length), false);
        at = found + needle.length;
        inHeaders = !inHeaders;
      }
      callback();
    },
    flush(callback) {
      pass(this, carry, inHeaders);
      callback();
    },
  });
}

function readableHeaders(bytes: Buffer): Buffer {
  if (!bytes.some(isHeaderControl)) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    if (!isHeaderControl(byte)) continue;
    parts.push(bytes.subarray(from, i), Buffer.from(standIn(byte), "utf8"));
    from = i + 1;
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}
