export type Link = { label: string; url: string };

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

// `new URL` parses as a browser resolves an href, so tricks like "java\tscript:" are judged exactly as
// the browser would; relative URLs throw.
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

// docs/product/validation.md: rows without a URL are dropped; an empty label falls back to the URL.
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

// docs/product/validation.md: label and url are both the text, with no format check (safeHref decides at render).
export function activityLinkFrom(text: string | null | undefined): Link[] {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? [] : [{ label: trimmed, url: trimmed }];
}
