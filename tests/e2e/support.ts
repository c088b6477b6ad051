import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { type MockIdentity, mockIdentityCookie } from "../support/oidc-provider.ts";

// Shared helpers for the end-to-end specs. No state lives here between tests.

export { expect };

/** `expect` that waits up to 20 s, for specs whose steps wait on a busy server (never fixed sleeps). */
export const patientExpect = expect.configure({ timeout: 20_000 });

/** A phone's window: the narrowest the site is laid out for. */
export const PHONE_360 = { width: 360, height: 780 };

/**
 * Playwright's `test`, whose `page` fails the test if it ever threw an uncaught exception (a broken
 * hydration or event handler a person would meet as a dead button). Kept on `page` rather than an
 * automatic fixture, so a test that opens its own contexts does not also pay for an unused page.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
    await use(page);
    expect(errors, "uncaught exceptions in the page").toEqual([]);
  },
});

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe on the whole page; fails with one readable line per violation and element. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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

/** Whether the element holding keyboard focus is `container` or inside it. */
export async function focusIsWithin(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Opens `path` and waits until its scripts have made it interactive: React has hydrated it, or, on an
 * HTML-first page (docs/decisions/0030), its enhancers have run. HTML arrives before its JavaScript,
 * and a click on a theme switch before then would do nothing. `domcontentloaded` where a frame the
 * test holds back may hold up the page's load event (it would never fire).
 */
export async function gotoHydrated(
  page: Page,
  path: string,
  { waitUntil = "load" }: { waitUntil?: "load" | "domcontentloaded" } = {},
) {
  const response = await page.goto(path, { waitUntil });
  await untilInteractive(page);
  return response;
}

/** Waits until the page already open has been made interactive by its scripts (see gotoHydrated). */
export async function untilInteractive(page: Page) {
  // data-hydrated: React has hydrated and mounted what waits for it (app/components/after-hydration.tsx);
  // data-enhanced: an HTML-first page's enhancers ran.
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") ||
      document.documentElement.hasAttribute("data-enhanced"),
  );
}

/**
 * Opens `path` with the page's clock stopped, so timers (a carousel's rotation) only run when the test
 * lets time pass with `page.clock.runFor`: what a slow machine does to real time cannot move them.
 */
export async function gotoWithStoppedClock(page: Page, path: string) {
  const start = new Date("2026-11-21T12:00:00-05:00");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await gotoHydrated(page, path);
  // Let the page measure itself and settle before the first assertion.
  await page.clock.runFor(100);
}

/** Whether the page in `page` runs React (hydrated), rather than being HTML-first. */
export async function runsReact(page: Page): Promise<boolean> {
  return page.evaluate(() => "__reactRouterContext" in window);
}

/**
 * The browser loses its connection (navigator.onLine turns false). Nothing the page loaded is still on
 * its way: React Router's route manifest is a script the page imports before hydrating (route discovery
 * "initial", react-router.config.ts), so no later `/__manifest` request can fail for want of a network.
 */
export async function goOffline(page: Page) {
  await page.context().setOffline(true);
}

/** The local OpenID provider the e2e server signs in against (set by playwright.config.ts). */
export function oidcIssuer(): string {
  const issuer = process.env.E2E_OIDC_ISSUER;
  if (!issuer) throw new Error("E2E_OIDC_ISSUER is not set: run the tests through playwright.config.ts");
  return issuer;
}

/** Makes this browser context "signed in at the provider" as `identity`, like a Google account. */
export async function beAtProvider(context: BrowserContext, identity: MockIdentity): Promise<void> {
  await context.addCookies([mockIdentityCookie(oidcIssuer(), identity)]);
}

/**
 * Signs in through the real flow: /login → 'Continue with Google' → the provider → /auth/callback,
 * and waits until the browser is back on the site at `expectPath`.
 */
export async function signIn(
  page: Page,
  identity: MockIdentity,
  { from = "/login", expectPath = "/dashboard" }: { from?: string; expectPath?: string | RegExp } = {},
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

/** The seeded people (app/server/seed.server.ts) as identities at the provider. */
export const PEOPLE = {
  admin: { sub: "google-admin", email: "admin@example.com", name: "Jordan Avery" },
  coach: { sub: "google-coach", email: "coach@example.com", name: "Priya Raman" },
  basicClient: { sub: "google-maya", email: "maya.chen@example.com", name: "Maya Chen" },
  proClient: { sub: "google-daniel", email: "daniel.okafor@example.com", name: "Daniel Okafor" },
  premiumClient: { sub: "google-sofia", email: "sofia.alvarez@example.com", name: "Sofia Alvarez" },
  lead: { sub: "google-liam", email: "liam.tremblay@example.com", name: "Liam Tremblay" },
} satisfies Record<string, MockIdentity>;

export type NamedIdentity = MockIdentity & { name: string };

/** A person the site has never seen: signing in makes them a lead. */
export function freshIdentity(prefix: string): NamedIdentity {
  const id = randomUUID().slice(0, 10);
  return {
    sub: `${prefix.toLowerCase()}-${id}`,
    email: `${prefix.toLowerCase()}-${id}@example.com`,
    name: `${prefix} ${id}`,
  };
}

/** Signs `who` in, in a browser context of their own, and leaves them on `path`. */
export async function signedInPage(
  browser: Browser,
  baseURL: string | undefined,
  who: MockIdentity,
  path: string,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, who, { from: `/login?${new URLSearchParams({ redirectTo: path })}`, expectPath: path });
  // Sign-in has loaded the page at `path`: no second navigation, only its scripts to wait for.
  await untilInteractive(page);
  return { context, page };
}

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

/** A section of the page by its accessible name (the `<section aria-labelledby>` each card is). */
export const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Starts the page in the light theme (cookie for the server's first paint, storage for the script). */
export async function chooseLightTheme(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: "theme", value: "light", url: baseURL ?? "" }]);
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
}

/** The page is no wider than the window (a phone never scrolls sideways). */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
}
