import { beforeAll, expect, test } from "vitest";
import { PUBLIC_PAGES as PUBLIC_PATHS } from "../../app/content/prerender";
import { serversForFile } from "../support/server-file";
import { PUBLIC_SITE_ENV, type RunningServer, startServer } from "../support/server-process";

// docs/product/screens.md, Route table: every public route is complete server-rendered HTML.

const PUBLIC_PAGES: [path: string, heading: RegExp][] = [
  ["/", /<h1[^>]*>[^<]*Land your next/],
  ["/about", /<h1/],
  ["/faq", /<h1/],
  ["/pricing", /<h1[^>]*>Services &amp; Programs<\/h1>/],
  ["/next-offer-coaching-program", /<h1/],
  ["/workshops", /<h1/],
  ["/privacy", /<h1[^>]*>Privacy Policy<\/h1>/],
  ["/login", /<h1[^>]*>Welcome to your Client Portal<\/h1>/],
  ["/demo", /<h1[^>]*>Dashboard<\/h1>/],
  ["/demo/plan", /<h1[^>]*>Your plan<\/h1>/],
];

let server: RunningServer;
serversForFile();
beforeAll(async () => {
  server = await startServer({ env: PUBLIC_SITE_ENV });
});

for (const [path, heading] of PUBLIC_PAGES) {
  test(`${path} answers 200 with its content in the HTML`, async () => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toMatch(heading);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain("<footer");
  });
}

test("marketing pages carry a canonical URL, Open Graph and Twitter tags", async () => {
  for (const path of ["/about", "/faq", "/pricing", "/workshops"]) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('property="og:image"');
    expect(html).toContain('name="twitter:card"');
  }
});

test("pages kept out of search results carry their title, description and noindex, and no sharing cards", async () => {
  for (const path of ["/demo", "/demo/plan"]) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    expect(html, path).toMatch(/<title>[^<]+ · Next Offer Coaching<\/title>/);
    expect(html, path).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html, path).not.toContain('rel="canonical"');
    expect(html, path).not.toContain('property="og:');
    expect(html, path).not.toContain('name="twitter:');
  }
});

test("unknown paths answer 404 with a page that helps people back", async () => {
  for (const path of ["/no-such-page", "/about/more", "/admin-panel"]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).toMatch(/href="\/"/);
  }
});

test("sitemap.xml lists the public pages on the configured origin; robots.txt keeps crawlers out of the portal", async () => {
  const sitemap = await fetch(`${server.url}/sitemap.xml`);
  expect(sitemap.headers.get("content-type")).toMatch(/application\/xml/);
  const xml = await sitemap.text();
  for (const path of PUBLIC_PATHS) {
    expect(xml).toContain(`<loc>https://coach.example${path}</loc>`);
  }
  expect(xml).not.toContain("/admin");
  const robots = await (await fetch(`${server.url}/robots.txt`)).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /dashboard");
  expect(robots).toContain("Sitemap: https://coach.example/sitemap.xml");
});
