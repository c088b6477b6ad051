import type { MetaDescriptor } from "react-router";
import { SITE } from "~/content/site";

/** A page for search engines names its address; one kept out of them (noindex) needs none. */
export type PageSeo = { title: string; description: string } & (
  | { path: string; jsonLd?: Record<string, unknown>[]; noindex?: false }
  | { noindex: true }
);

type RootData = { origin?: string } | undefined;
type Match = { id: string; loaderData?: unknown } | undefined;

export function originFrom(matches: readonly Match[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as RootData;
  return root?.origin ?? "http://localhost:3000";
}

/** A route's `meta` for a page whose words don't depend on its data: `export const meta = pageMeta({ … })`. */
export function pageMeta(page: PageSeo) {
  return ({ matches }: { matches: readonly Match[] }) => seo(matches, page);
}

/** The `meta` of a page kept out of search results: every portal and admin page. */
export function privateMeta(title: string, description: string) {
  return pageMeta({ title, description, noindex: true });
}

/** A page kept out of search results gets title, description and `noindex` only (docs/decisions/0033-warm-cost.md). */
export function seo(matches: readonly Match[], page: PageSeo): MetaDescriptor[] {
  const title =
    "path" in page && page.path === "/" ? `${SITE.brand} · ${page.title}` : `${page.title} · ${SITE.brand}`;
  if (page.noindex)
    return [
      { title },
      { name: "description", content: page.description },
      { name: "robots", content: "noindex" },
    ];
  const origin = originFrom(matches);
  const url = `${origin}${page.path === "/" ? "/" : page.path}`;
  const image = `${origin}${SITE.socialImage}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE.brand },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  for (const data of page.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}
