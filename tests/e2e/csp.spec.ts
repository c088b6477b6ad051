import type { BrowserContext, Page } from "@playwright/test";
import { PRERENDERED_PATHS } from "../../app/content/prerender";
import { externalOrigins } from "../../app/content/settings";
import { beAtProvider, freshIdentity, PEOPLE, signIn } from "./sign-in";
import { expect, gotoHydrated, test } from "./support";

// The Content-Security-Policy in Chromium (docs/decisions/0017-content-security-policy.md): no violation on
// any page anyone opens, a slipped-in script refused, and the sign-in form may lead to the provider.

type Watched = { violations: string[] };

/** From a script that runs before the page's own, plus Chromium's CSP console messages. */
async function watchCsp(page: Page, baseURL: string | undefined): Promise<Watched> {
  const watched: Watched = { violations: [] };
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  await page.exposeFunction("__reportCspViolation", (line: string) => watched.violations.push(line));
  await page.addInitScript((siteOrigin) => {
    if (location.origin !== siteOrigin) return;
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation(line: string): void }).__reportCspViolation;
      void report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ${event.sample}`,
      );
    });
  }, origin);
  page.on("console", (message) => {
    const from = message.location().url;
    if (/Content Security Policy/i.test(message.text()) && (from === "" || from.startsWith(origin))) {
      watched.violations.push(`console on ${page.url()}: ${message.text()}`);
    }
  });
  return watched;
}

/** There is no internet here: the providers answer with a small page. */
async function stubEmbeds(context: BrowserContext) {
  const origins = new Set(externalOrigins());
  await context.route(
    (url) => origins.has(url.origin),
    (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Embedded</title><p>Embedded page</p>",
      }),
  );
}

/** Only a hydrated page reacts to the click. */
async function proveInteractive(page: Page) {
  const html = page.locator("html");
  const wasDark = ((await html.getAttribute("class")) ?? "").split(/\s+/).includes("dark");
  const themes = page.getByRole("group", { name: "Theme" });
  await themes.getByText(wasDark ? "Light" : "Dark", { exact: true }).click();
  if (wasDark) await expect(html).not.toHaveClass(/\bdark\b/);
  else await expect(html).toHaveClass(/\bdark\b/);
}

/** So lazy parts start as they would for a reader. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// The same document for every visitor of its kind, scripts allowed by hash: pre-rendered pages, and /pricing
// for a visitor without a session (docs/decisions/0041-pricing-per-currency.md).
const HASHED_PATHS: readonly string[] = [...PRERENDERED_PATHS, "/pricing"];

for (const path of [...PRERENDERED_PATHS, "/next-offer-coaching-program", "/pricing", "/login"]) {
  test(`${path} runs without a CSP violation and its scripts run`, async ({ page, baseURL }) => {
    await page.setViewportSize(DESKTOP);
    const watched = await watchCsp(page, baseURL);
    await stubEmbeds(page.context());

    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(200);
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(HASHED_PATHS.includes(path) ? /script-src [^;]*'sha256-/ : /'nonce-/);
    await scrollThrough(page);
    await proveInteractive(page);
    expect(watched.violations).toEqual([]);
  });
}

test("the home page's form and calendar embeds load from their allowed origins", async ({
  page,
  baseURL,
}) => {
  const watched = await watchCsp(page, baseURL);
  await stubEmbeds(page.context());
  await gotoHydrated(page, "/");

  await scrollThrough(page);
  const frames = page.locator("#main iframe");
  await expect(frames).toHaveCount(2);
  for (const frame of await frames.all()) {
    await expect(frame).toBeVisible();
    await expect(frame.contentFrame().getByText("Embedded page")).toBeVisible();
  }
  expect(watched.violations).toEqual([]);
});

test("on a phone, the menu (which locks scrolling with a style element) opens without a violation", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const watched = await watchCsp(page, baseURL);
  await gotoHydrated(page, "/about");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  expect(watched.violations).toEqual([]);
});

test("a client's dashboard and a toast after signing out run without a violation", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  const watched = await watchCsp(page, baseURL);

  await signIn(page, PEOPLE.basicClient);
  await gotoHydrated(page, "/dashboard");
  await proveInteractive(page);
  expect(watched.violations, "the dashboard").toEqual([]);

  // Signing out revokes every session of the person: a fresh one, so parallel tests keep theirs.
  await page.context().clearCookies();
  await signIn(page, freshIdentity("CspLeaver"));
  await gotoHydrated(page, "/dashboard");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Sign out", exact: true })
    .click();
  await expect(
    page.locator("[data-sonner-toast], [data-toast]").filter({ hasText: "Signed out" }),
  ).toBeVisible();
  expect(watched.violations, "signing out").toEqual([]);
});

test("admin pages run without a violation and hydrate", async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const watched = await watchCsp(page, baseURL);
  await signIn(page, PEOPLE.admin, { to: "/admin" });
  // An email preview's HTML sits in a sandboxed srcdoc frame, under this page's own policy (issue 43).
  for (const path of ["/admin", "/admin/clients", "/admin/emails/preview/homework-reviewed"]) {
    await gotoHydrated(page, path);
    await proveInteractive(page);
    expect(watched.violations, `CSP violations on ${path}`).toEqual([]);
  }
});

test("a script slipped into a page's HTML is refused, by hash and by nonce alike", async ({
  page,
  baseURL,
}) => {
  const watched = await watchCsp(page, baseURL);
  await page.route(
    (url) => url.pathname === "/" || url.pathname === "/login",
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</head>",
        "<script>window.__injected = true</script></head>",
      );
      await route.fulfill({ response, body: html });
    },
  );

  for (const path of ["/", "/login"]) {
    watched.violations.length = 0;
    await gotoHydrated(page, path);
    expect(await page.evaluate(() => "__injected" in window), path).toBe(false);
    expect(
      watched.violations.some((line) => line.includes("script-src-elem blocked inline")),
      path,
    ).toBe(true);
  }
});

/** The radios are visually hidden: their labels are what a visitor clicks. */
async function switchCurrency(page: Page, from: "CAD" | "USD", to: "CAD" | "USD") {
  const group = page.getByRole("group", { name: "Currency" });
  await expect(group.getByRole("radio", { name: from, exact: true })).toBeChecked();
  await group.getByText(to, { exact: true }).click();
  await expect(group.getByRole("radio", { name: to, exact: true })).toBeChecked();
  const note = to === "CAD" ? "Prices in Canadian dollars." : "Prices in US dollars.";
  await expect(page.getByText(note)).toBeVisible();
}

const PRICING_VISITORS = [
  { name: "a currency=CAD cookie", cookie: "CAD", headers: {}, first: "CAD" },
  { name: "a proxy saying Canada", cookie: null, headers: { "CF-IPCountry": "CA" }, first: "CAD" },
  { name: "a proxy saying France", cookie: null, headers: { "CF-IPCountry": "FR" }, first: "USD" },
  { name: "nothing known", cookie: null, headers: {}, first: "USD" },
] as const;

for (const visitor of PRICING_VISITORS) {
  test(`/pricing kept for ${visitor.name}: its policy allows its scripts, and the currency switch works`, async ({
    page,
    baseURL,
  }) => {
    const watched = await watchCsp(page, baseURL);
    if (visitor.cookie)
      await page.context().addCookies([{ name: "currency", value: visitor.cookie, url: baseURL }]);
    await page.setExtraHTTPHeaders(visitor.headers);
    const response = await gotoHydrated(page, "/pricing");
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(response?.headers().etag).toBeTruthy();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Client Portal" }),
    ).toBeVisible();

    const other = visitor.first === "CAD" ? "USD" : "CAD";
    await switchCurrency(page, visitor.first, other);
    // The enhancer saved the choice: the next load is the kept document for it.
    const again = await gotoHydrated(page, "/pricing");
    expect(again?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    await switchCurrency(page, other, visitor.first);
    expect(watched.violations).toEqual([]);
  });
}

test("/pricing for a signed-in client is rendered for them: their links, a nonce, and the currency switch works", async ({
  page,
  baseURL,
}) => {
  const watched = await watchCsp(page, baseURL);
  await signIn(page, PEOPLE.proClient, { to: "/pricing" });
  const response = await gotoHydrated(page, "/pricing");
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Client Portal" })).toHaveCount(0);

  await switchCurrency(page, "USD", "CAD");
  await switchCurrency(page, "CAD", "USD");
  expect(watched.violations).toEqual([]);
});

test("without JavaScript, the sign-in form may lead to the provider and back (form-action)", async ({
  newPage,
}) => {
  const page = await newPage({ javaScriptEnabled: false });
  await beAtProvider(page.context(), freshIdentity("NoScript"));
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
});
