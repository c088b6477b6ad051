import { expect, test } from "vitest";
import { activityLinkFrom, linkLabel, normalizeResourceRows, safeHref } from "./links";

test("safeHref allows https and http URLs", () => {
  expect(safeHref("https://example.com/notes")).toBe("https://example.com/notes");
  expect(safeHref("http://example.com")).toBe("http://example.com");
});

test("safeHref allows mailto", () => {
  expect(safeHref("mailto:coach@example.com")).toBe("mailto:coach@example.com");
});

test("safeHref matches the scheme case-insensitively", () => {
  expect(safeHref("HTTPS://Example.com/A")).toBe("HTTPS://Example.com/A");
  expect(safeHref("MailTo:a@b.co")).toBe("MailTo:a@b.co");
});

test("safeHref trims surrounding whitespace", () => {
  expect(safeHref("  https://example.com/x \n")).toBe("https://example.com/x");
});

// Each kind of href safeHref refuses, with the spellings that must not get through.
const REJECTED: Record<string, string[]> = {
  "javascript: in any case or padding": [
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
  ],
  "javascript: hidden with characters browsers strip": [
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
  ],
  "data:, vbscript:, file: and other schemes": [
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com",
    "tel:+15555555555",
  ],
  "relative and scheme-less URLs": [
    "/dashboard",
    "notes.pdf",
    "//evil.example.com",
    "example.com",
    "www.example.com/path",
  ],
  "blank and malformed input": ["", "   ", "https://", "http://exa mple.com"],
};

for (const [what, hrefs] of Object.entries(REJECTED)) {
  test(`safeHref rejects ${what}`, () => {
    for (const href of hrefs) expect(safeHref(href)).toBeNull();
  });
}

test("linkLabel prefers a non-blank label", () => {
  expect(linkLabel({ label: "Slides", url: "https://x.test/s" })).toBe("Slides");
});

test("linkLabel falls back to the url for a blank label", () => {
  expect(linkLabel({ label: "", url: "https://x.test/s" })).toBe("https://x.test/s");
  expect(linkLabel({ label: "   ", url: "https://x.test/s" })).toBe("https://x.test/s");
});

test("normalizeResourceRows trims, drops rows without URL and defaults labels", () => {
  const rows = normalizeResourceRows([
    { label: "  Slides ", url: " https://x.test/slides  " },
    { label: "No url", url: "   " },
    { label: "Null url", url: null },
    { label: "Missing url" },
    { label: "", url: "https://x.test/rec" },
    { label: null, url: "https://x.test/doc" },
    { url: "https://x.test/only-url" },
    { label: "   ", url: "mailto:a@b.co" },
  ]);
  expect(rows).toEqual([
    { label: "Slides", url: "https://x.test/slides" },
    { label: "https://x.test/rec", url: "https://x.test/rec" },
    { label: "https://x.test/doc", url: "https://x.test/doc" },
    { label: "https://x.test/only-url", url: "https://x.test/only-url" },
    { label: "mailto:a@b.co", url: "mailto:a@b.co" },
  ]);
});

test("normalizeResourceRows keeps unsafe URLs as data (safety is decided at render)", () => {
  expect(normalizeResourceRows([{ label: "x", url: "javascript:alert(1)" }])).toEqual([
    { label: "x", url: "javascript:alert(1)" },
  ]);
});

test("normalizeResourceRows of nothing is nothing", () => {
  expect(normalizeResourceRows([])).toEqual([]);
  expect(normalizeResourceRows([{}, { label: "a", url: "" }])).toEqual([]);
});

test("activityLinkFrom makes one link from non-blank text", () => {
  expect(activityLinkFrom("  https://x.test/recording ")).toEqual([
    { label: "https://x.test/recording", url: "https://x.test/recording" },
  ]);
  expect(activityLinkFrom("see shared drive")).toEqual([
    { label: "see shared drive", url: "see shared drive" },
  ]);
});

test("activityLinkFrom gives no links for blank or missing text", () => {
  expect(activityLinkFrom("")).toEqual([]);
  expect(activityLinkFrom("   \n")).toEqual([]);
  expect(activityLinkFrom(null)).toEqual([]);
  expect(activityLinkFrom(undefined)).toEqual([]);
});
