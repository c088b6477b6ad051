import { getConfig } from "~/server/env.server";
import { PUBLIC, routeAccess } from "~/server/route-access";

export const access = routeAccess({ loader: PUBLIC });

export function loader() {
  const origin = getConfig().publicOrigin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /lessons",
    "Disallow: /homework",
    "Disallow: /resources",
    "Disallow: /plan",
    "Disallow: /logout",
    "Disallow: /auth/",
    "Disallow: /demo",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
