// Links typed by people (lesson resources, activity links) are untrusted:
// only a few schemes may become clickable hrefs.

export type Link = { label: string; url: string };

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

// Returns the trimmed URL when it is an absolute http(s)/mailto URL, else null
// (render it as plain text). `new URL` applies the same WHATWG parsing a
// browser uses for href, so tricks like "java\tscript:" or leading control
// characters are judged exactly as the browser would resolve them; its
// `protocol` is already lower-cased. Relative URLs have no base and throw.
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === "") return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  return SAFE_SCHEMES.has(parsed.protocol) ? trimmed : null;
}

export function linkLabel(link: Link): string {
  return link.label.trim() !== "" ? link.label : link.url;
}

export type ResourceRowInput = { label?: string | null; url?: string | null };

// SPEC §5: rows without a URL are dropped; an empty label falls back to the URL.
export function normalizeResourceRows(rows: readonly ResourceRowInput[]): Link[] {
  const out: Link[] = [];
  for (const row of rows) {
    const url = (row.url ?? "").trim();
    if (url === "") continue;
    const label = (row.label ?? "").trim();
    out.push({ label: label === "" ? url : label, url });
  }
  return out;
}

// SPEC §5: an activity's optional link is a single free-text field; it becomes
// one link whose label and url are both the text (no format check here —
// safeHref decides at render time whether it is clickable).
export function activityLinkFrom(text: string | null | undefined): Link[] {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? [] : [{ label: trimmed, url: trimmed }];
}
