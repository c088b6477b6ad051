// Each enhancer is its own client-build entry (scripts/vite-enhancers.ts); a route names the ones it
// needs in its `handle`, and `site` is on every HTML-first page.
export const ENHANCER_ENTRIES = {
  site: "app/enhancers/site.ts",
  carousel: "app/enhancers/carousel.ts",
  embed: "app/enhancers/embed.ts",
  pricing: "app/enhancers/pricing.ts",
  "enroll-by": "app/enhancers/enroll-by.ts",
  wake: "app/enhancers/wake.ts",
} as const;

export type EnhancerName = keyof typeof ENHANCER_ENTRIES;
