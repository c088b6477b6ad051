import type { Page, Route } from "@playwright/test";

// Held back so a test can act before lazily loaded code arrives (docs/decisions/0019-marketing-javascript.md).

export type HeldChunks = {
  readonly held: Route[];
  release(): Promise<void>;
};

/** Call before opening `path`. */
export async function holdLazyChunks(page: Page, path: string): Promise<HeldChunks> {
  const html = await (await page.request.get(path)).text();
  const listed = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
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
