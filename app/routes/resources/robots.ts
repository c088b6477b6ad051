import { getConfig } from "~/server/env.server";
import { PUBLIC, routeAccess } from "~/server/route-access";

// Who may load this page (and use its action): enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: PUBLIC });

// The portal, admin and sign-in pages are personal: keep crawlers out; point them at the sitemap.
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
