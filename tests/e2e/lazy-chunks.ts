import type { Page, Route } from "@playwright/test";

// Held back so a test can act before lazily loaded code arrives (docs/decisions/0019-marketing-javascript.md).

export type HeldChunks = {
  readonly held: Route[];
  release(): Promise<void>;
};

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.{0,2}\/[^"]+\.js)"/g;

/**
 * What hydrating needs: the scripts the HTML names (in tags, in the route-module script a portal page
 * keeps asleep, and its entry) and everything they import statically.
 */
async function hydrationScripts(page: Page, html: string): Promise<Set<string>> {
  const named = [
    ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  ].filter((href): href is string => href !== undefined);
  const listed = new Set<string>();
  for (let href = named.pop(); href !== undefined; href = named.pop()) {
    if (listed.has(href)) continue;
    listed.add(href);
    const code = await (await page.request.get(href)).text();
    for (const [, imported] of code.matchAll(STATIC_IMPORT)) {
      if (imported) named.push(new URL(imported, `http://site${href}`).pathname);
    }
  }
  return listed;
}

/** Call before opening `path`. */
export async function holdLazyChunks(page: Page, path: string): Promise<HeldChunks> {
  const html = await (await page.request.get(path)).text();
  const listed = await hydrationScripts(page, html);
  const held: Route[] = [];
  let released = false;
  const handler = async (route: Route) => {
    const { pathname } = new URL(route.request().url());
    if (released || listed.has(pathname)) await route.continue();
    else held.push(route);
  };
  await page.route("**/assets/**/*.js", handler);
  return {
    held,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
      await page.unroute("**/assets/**/*.js", handler);
    },
  };
}
