import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { type MockIdentity, mockIdentityCookie } from "../support/oidc-provider.ts";
import { escapeRegExp } from "../support/text.ts";

export { expect };

/** `expect` that waits up to 20 s, for specs whose steps wait on a busy server (never fixed sleeps). */
export const patientExpect = expect.configure({ timeout: 20_000 });

/** A phone's window: the narrowest the site is laid out for. */
export const PHONE_360 = { width: 360, height: 780 };

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

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** `exclude`: a frame axe can't enter (sandboxed, no scripts: an email preview's), which it would wait on. */
export async function expectNoAxeViolations(
  page: Page,
  { exclude }: { exclude?: string } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const lines = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact ?? "unknown"}] ${violation.id}: ${violation.help}\n` +
        `    at ${node.target.join(" ")}\n` +
        `    ${node.failureSummary?.replaceAll("\n", "\n    ") ?? ""}\n` +
        `    ${violation.helpUrl}`,
    ),
  );
  expect(lines, `axe found ${lines.length} accessibility violation(s) on ${page.url()}`).toEqual([]);
}

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

export function oidcIssuer(): string {
  const issuer = process.env.E2E_OIDC_ISSUER;
  if (!issuer) throw new Error("E2E_OIDC_ISSUER is not set: run the tests through playwright.config.ts");
  return issuer;
}

export async function beAtProvider(context: BrowserContext, identity: MockIdentity): Promise<void> {
  await context.addCookies([mockIdentityCookie(oidcIssuer(), identity)]);
}

/** `to`: the address the sign-in page is asked to return to (its `redirectTo`); signing in must end on its path. */
export async function signIn(
  page: Page,
  identity: MockIdentity,
  {
    to,
    from = to ? `/login?${new URLSearchParams({ redirectTo: to })}` : "/login",
    expectPath = to ? new URL(to, "http://site").pathname : "/dashboard",
  }: { to?: string; from?: string; expectPath?: string | RegExp } = {},
): Promise<void> {
  await beAtProvider(page.context(), identity);
  await page.goto(from);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL((url) =>
    typeof expectPath === "string"
      ? url.pathname === expectPath
      : expectPath.test(`${url.pathname}${url.search}`),
  );
}

export const PEOPLE = {
  admin: { sub: "google-admin", email: "admin@example.com", name: "Jordan Avery" },
  coach: { sub: "google-coach", email: "coach@example.com", name: "Priya Raman" },
  basicClient: { sub: "google-maya", email: "maya.chen@example.com", name: "Maya Chen" },
  proClient: { sub: "google-daniel", email: "daniel.okafor@example.com", name: "Daniel Okafor" },
  premiumClient: { sub: "google-sofia", email: "sofia.alvarez@example.com", name: "Sofia Alvarez" },
  lead: { sub: "google-liam", email: "liam.tremblay@example.com", name: "Liam Tremblay" },
} satisfies Record<string, MockIdentity>;

export type NamedIdentity = MockIdentity & { name: string };

export function freshIdentity(prefix: string): NamedIdentity {
  const id = randomUUID().slice(0, 10);
  return {
    sub: `${prefix.toLowerCase()}-${id}`,
    email: `${prefix.toLowerCase()}-${id}@example.com`,
    name: `${prefix} ${id}`,
  };
}

export async function signedInPage(newPage: NewPage, who: MockIdentity, path: string) {
  const page = await newPage();
  await signIn(page, who, { to: path });
  await untilInteractive(page);
  return { context: page.context(), page };
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

/** Cookie for the server's first paint, storage for the script. */
export async function chooseLightTheme(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: "theme", value: "light", url: baseURL ?? "" }]);
  // The top document only: a sandboxed frame (an email preview's) may not touch storage.
  await page.addInitScript(() => {
    if (window.top === window) localStorage.setItem("theme", "light");
  });
}

/** A failure names the innermost elements past the right edge (outside any scrolling box), which are what to fix. */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const { overflow, past } = await page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== "visible") return true;
      return false;
    };
    const wide = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element),
    );
    const innermost = wide.filter(
      (element) => !wide.some((other) => other !== element && element.contains(other)),
    );
    return {
      overflow: document.documentElement.scrollWidth - width,
      past: innermost.slice(0, 5).map((element) => {
        const right = Math.round(element.getBoundingClientRect().right);
        const text = (element.textContent ?? "").trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> "${text}" ends at ${right}`;
      }),
    };
  });
  expect(overflow, `${label} scrolls sideways at 360 px: ${past.join("; ")}`).toBeLessThanOrEqual(0);
}

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
