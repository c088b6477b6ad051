// The names in a ZIP archive's central directory (APPNOTE.TXT §4.3.12, §4.3.16), read from the archive's
// last bytes: the one list of entries a ZIP reader trusts, wherever the entries themselves sit.

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_SIZE = 22;

/** The entry names, or null when `tail` (the archive's last bytes) holds no whole central directory. */
export function zipEntryNames(tail: Buffer): string[] | null {
  // The end record is 22 bytes plus a comment of up to 65535: search backwards for its signature.
  const lowest = Math.max(0, tail.length - END_SIZE - 0xffff);
  for (let at = tail.length - END_SIZE; at >= lowest; at--) {
    if (tail.readUInt32LE(at) !== END_SIGNATURE) continue;
    if (at + END_SIZE + tail.readUInt16LE(at + 20) !== tail.length) continue; // not the end record after all
    const count = tail.readUInt16LE(at + 10);
    const size = tail.readUInt32LE(at + 12);
    const start = at - size;
    if (start < 0) return null; // larger than the bytes kept (or ZIP64, which a DOCX never needs)
    return entryNames(tail.subarray(start, at), count);
  }
  return null;
}

function entryNames(directory: Buffer, count: number): string[] | null {
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== ENTRY_SIGNATURE) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const rest = nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    if (at + 46 + rest > directory.length) return null;
    names.push(directory.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + rest;
  }
  return at === directory.length ? names : null;
}
