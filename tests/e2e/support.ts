// What the e2e specs share: `test` (failing on any page exception), hydration and wake waits, the document
// and network helpers. Who signs in: sign-in.ts; how a page looks (phone width, themes, axe): appearance.ts.
import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { REACT_RAN_KEY } from "../../app/lib/first-visit";
import { escapeRegExp } from "../support/text.ts";

export { expect };

/** `expect` that waits up to 20 s, for specs whose steps wait on a busy server (never fixed sleeps). */
export const patientExpect = expect.configure({ timeout: 20_000 });

/** Opens a page in a browser context of its own: the site's, unless `options` say otherwise. */
export type NewPage = (options?: BrowserContextOptions) => Promise<Page>;

function collectPageErrors(page: Page, errors: string[]): void {
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.stack ?? error.message}`));
}

/** The first exception's page and first lines in the failure's first line: CI's summary shows only that. */
function expectNoPageErrors(errors: string[]): void {
  const first = errors[0]?.split("\n").slice(0, 3).join(" | ") ?? "";
  expect(errors, `uncaught exceptions in the page: ${first}`).toEqual([]);
}

/**
 * Fails the test on any uncaught page exception (a dead button to a person), on `page` and on every page
 * of the contexts `newPage` opens (another person, no JavaScript, another window), which it closes after
 * the test. Not automatic, so extra contexts don't pay for it.
 */
export const test = base.extend<{ newPage: NewPage }>({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    collectPageErrors(page, errors);
    await use(page);
    expectNoPageErrors(errors);
  },
  newPage: async ({ browser, baseURL }, use) => {
    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      contexts.push(context);
      context.on("page", (page) => collectPageErrors(page, errors));
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
    expectNoPageErrors(errors);
  },
});

export async function focusIsWithin(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** HTML arrives before its scripts, and a click before then does nothing. `domcontentloaded` where a held frame would block the load event. */
export async function gotoHydrated(
  page: Page,
  path: string,
  { waitUntil = "load" }: { waitUntil?: "load" | "domcontentloaded" } = {},
) {
  const response = await page.goto(path, { waitUntil });
  await untilInteractive(page);
  return response;
}

/**
 * A later visit: `path` opened and woken, so React has run in this browser and its modules are cached; a
 * submission held on a sleeping page then waits for React (app/lib/first-visit.ts).
 */
export async function reactRanBefore(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.keyboard.press("Shift");
  await page.waitForSelector("html[data-hydrated]");
}

/**
 * Every page `page` opens from now on is a first visit: nothing says React ran in this browser (an earlier
 * page of the context may have woken), so a held submission may go out as a document.
 */
export async function firstVisit(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.removeItem(key), REACT_RAN_KEY);
}

/** Waits until the page is hydrated, enhanced or asleep; true when asleep (app/enhancers/wake.ts). */
export async function untilSettled(page: Page): Promise<boolean> {
  // See app/components/after-hydration.tsx and app/enhancers/site.ts.
  const ready = () => {
    const root = document.documentElement;
    return (
      root.hasAttribute("data-hydrated") ||
      root.hasAttribute("data-enhanced") ||
      root.dataset.wake === "asleep"
    );
  };
  await page.waitForFunction(ready);
  return page.evaluate(() => document.documentElement.dataset.wake === "asleep");
}

/** A portal or admin page waits for a person (app/enhancers/wake.ts): a Shift press, which does nothing else, wakes it. */
export async function untilInteractive(page: Page) {
  if (await untilSettled(page)) {
    await page.keyboard.press("Shift");
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  }
}

/** Timers only run when the test lets time pass, so a slow machine cannot move them. */
export async function gotoWithStoppedClock(page: Page, path: string) {
  const start = new Date("2026-11-21T12:00:00-05:00");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await gotoHydrated(page, path);
  await page.clock.runFor(100);
}

/** The link points at `href`, and following it lands there. */
export async function followLink(page: Page, link: Locator, href: string) {
  await expect(link).toHaveAttribute("href", href);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
}

export async function runsReact(page: Page): Promise<boolean> {
  return page.evaluate(() => "__reactRouterContext" in window);
}

/** The route manifest is imported before hydrating, so no later `/__manifest` request can fail offline. */
export async function goOffline(page: Page) {
  await page.context().setOffline(true);
}

/** The errors `page` logs to its console from now on (a failed request logs one too). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Any host but this server's. */
export const isOutside = (url: URL) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost";

/** Marks the document open in `page`: a reload or a new document clears the mark (see sameDocument). */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { sameDocumentMark: string }).sameDocumentMark = "same document";
  });
}

/** Whether `page` still shows the document markDocument marked: no reload, no new document since. */
export function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { sameDocumentMark?: string }).sameDocumentMark === "same document",
  );
}

export const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** React Router's client entry, which a portal page imports only when woken (app/enhancers/wake.ts). */
export const REACT_ENTRY = /\/assets\/entry\.client-[^/]+\.js$/;
/** React, React DOM and React Router, one chunk (scripts/vite-chunks.ts). */
export const REACT_CHUNK = /\/assets\/react-[^/]+\.js$/;

/** React's entry waits until `release()`; `fail()` makes it unreachable instead. */
export async function holdReact(page: Page) {
  let answer: (how: "continue" | "abort") => void = () => {};
  const decided = new Promise<"continue" | "abort">((resolve) => {
    answer = resolve;
  });
  await page.route(REACT_ENTRY, async (route) => {
    if ((await decided) === "continue") await route.continue();
    else await route.abort("internetdisconnected");
  });
  return { release: () => answer("continue"), fail: () => answer("abort") };
}

/**
 * The page's live-update streams (app/components/live-updates.tsx), captured from its first load so a test
 * can have one ask for the page's data now: the returned function sends each stream a `resync`.
 */
export async function liveStreamsOf(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    const streams: EventSource[] = [];
    (window as unknown as { liveStreams: EventSource[] }).liveStreams = streams;
    window.EventSource = class extends window.EventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        streams.push(this);
      }
    };
  });
  return () =>
    page.evaluate(() => {
      for (const stream of (window as unknown as { liveStreams: EventSource[] }).liveStreams)
        stream.dispatchEvent(new Event("resync"));
    });
}
