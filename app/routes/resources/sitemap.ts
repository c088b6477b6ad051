import { PUBLIC_PAGES } from "~/content/prerender";
import { getConfig } from "~/server/env.server";
import { PUBLIC, routeAccess } from "~/server/route-access";

export const access = routeAccess({ loader: PUBLIC });

export function loader() {
  const origin = getConfig().publicOrigin;
  const urls = PUBLIC_PAGES.map(
    (path) => `  <url><loc>${origin}${path === "/" ? "/" : path}</loc><changefreq>monthly</changefreq></url>`,
  ).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
