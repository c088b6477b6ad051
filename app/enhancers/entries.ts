// The enhancers of HTML-first pages (docs/decisions/0030-html-first-pages.md), by name: each is its own
// entry of the client build (scripts/vite-enhancers.ts). A route names the ones it needs in its `handle`
// (app/lib/html-first.ts); `site` (header, theme, footer) is on every HTML-first page.
export const ENHANCER_ENTRIES = {
  site: "app/enhancers/site.ts",
  carousel: "app/enhancers/carousel.ts",
  embed: "app/enhancers/embed.ts",
  pricing: "app/enhancers/pricing.ts",
  "enroll-by": "app/enhancers/enroll-by.ts",
} as const;

export type EnhancerName = keyof typeof ENHANCER_ENTRIES;
