import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import type { MockIdentity } from "../support/oidc-provider.ts";
import { expectNoAxeViolations } from "./appearance";
import { beAtProvider, oidcIssuer, PEOPLE, signIn } from "./sign-in";
import { expect, gotoHydrated, test } from "./support";

// Sign-in, guards, the header and sign-out (docs/product/screens.md and states.md). Tests that sign out
// (revoking every session of the person) or create people use fresh identities, so they run in parallel.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const DEMO_HREFS = ["/demo?plan=pro", "/demo?plan=basic", "/demo?plan=premium", "/demo/plan?plan=pro"];

function freshIdentity(name: string, extra: Partial<MockIdentity> = {}): MockIdentity {
  const id = randomUUID().slice(0, 12);
  return { sub: `new-${id}`, email: `new-${id}@example.com`, name, ...extra };
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const drawer = (page: Page) => page.getByRole("dialog", { name: "Menu" });

/** Sonner's on hydrated pages, the enhancer's on HTML-first ones. */
const toastTitled = (page: Page, title: string) =>
  page
    .locator("[data-sonner-toast], [data-toast]")
    .filter({ has: page.locator("[data-title]", { hasText: title }) });

/**
 * Title, kind and text in one look: a toast closes on its own, and on a busy machine three separate looks
 * can outlast it.
 */
async function expectToast(page: Page, title: string, type: "success" | "error", description: string) {
  await expect(
    toastTitled(page, title)
      .and(page.locator(`[data-type="${type}"]`))
      .filter({ has: page.locator("[data-description]", { hasText: description }) }),
  ).toHaveCount(1);
}

async function expectAuthLinks(
  scope: Locator,
  want: { admin: boolean; dashboard: boolean; signOut: boolean; portal: boolean },
) {
  const admin = scope.getByRole("link", { name: "Admin", exact: true });
  const dashboard = scope.getByRole("link", { name: "Dashboard", exact: true });
  const signOut = scope.getByRole("button", { name: "Sign out", exact: true });
  const portal = scope.getByRole("link", { name: "Client Portal", exact: true });
  // The sign-in placeholder must be gone first, or "absent" would be proven too early.
  await expect(scope.getByRole("status")).toHaveCount(0);
  for (const [locator, shown, href] of [
    [admin, want.admin, "/admin"],
    [dashboard, want.dashboard, "/dashboard"],
    [portal, want.portal, "/login"],
  ] as const) {
    if (shown) {
      await expect(locator).toBeVisible();
      await expect(locator).toHaveAttribute("href", href);
    } else {
      await expect(locator).toHaveCount(0);
    }
  }
  if (want.signOut) await expect(signOut).toBeVisible();
  else await expect(signOut).toHaveCount(0);
}

async function expectOnLoginFor(page: Page, path: string) {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { pathname: url.pathname, redirectTo: url.searchParams.get("redirectTo") };
    })
    .toEqual({ pathname: "/login", redirectTo: path });
}

async function expectPageRendered(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /not found|went wrong|right back/i })).toHaveCount(
    0,
  );
}

async function sessionViewer(page: Page) {
  const response = await page.request.get("/auth/session");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { viewer: Record<string, unknown> | null }).viewer;
}

function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

test("signed out, every portal page redirects to /login remembering where it was going", async ({ page }) => {
  for (const path of ["/dashboard", "/lessons", "/homework", "/resources", "/plan"]) {
    const response = await page.goto(path);
    await expectOnLoginFor(page, path);
    expect(response?.status(), `${path} ends on the login page`).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`${path}$`));
  }
});

test("signed out, the admin area redirects to /login remembering where it was going", async ({ page }) => {
  for (const path of ["/admin", "/admin/clients/x"]) {
    await page.goto(path);
    await expectOnLoginFor(page, path);
  }
});

test("login page welcomes, offers Google sign-in and the four read-only demos", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Flessons");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your Client Portal" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  const demos = page.getByRole("region", { name: "Explore a read-only demo" }).getByRole("link");
  await expect(demos).toHaveCount(DEMO_HREFS.length);
  for (const [index, href] of DEMO_HREFS.entries()) {
    await expect(demos.nth(index)).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("alert")).toHaveCount(0);
});

async function roundTrip(page: Page, target: string) {
  const navigations = recordNavigations(page);
  await page.goto(target);
  await expectOnLoginFor(page, target);

  await beAtProvider(page.context(), PEOPLE.basicClient);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === target);

  expect(
    navigations.some((url) => url.startsWith(`${oidcIssuer()}/authorize`)),
    "the browser went to the provider",
  ).toBe(true);
  expect(navigations.some((url) => new URL(url).pathname === "/auth/callback")).toBe(true);
}

test("signing in from /lessons comes back to /lessons", async ({ page }) => {
  await roundTrip(page, "/lessons");
  await expectPageRendered(page);
  expect((await sessionViewer(page))?.email).toBe(PEOPLE.basicClient.email);
});

test("signing in from /resources?kind=video comes back with the query string kept", async ({ page }) => {
  await roundTrip(page, "/resources?kind=video");
  await expectPageRendered(page);
});

async function expectStaffHeader(page: Page, identity: MockIdentity) {
  await page.setViewportSize(DESKTOP);
  await signIn(page, identity, { to: "/pricing" });
  const staff = { admin: true, dashboard: false, signOut: true, portal: false };
  await expectAuthLinks(mainNav(page), staff);
  await mainNav(page).getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();

  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/pricing");
  await expect(mainNav(page)).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectAuthLinks(drawer(page), staff);
  await drawer(page).getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await expect(drawer(page)).toBeHidden();
}

test("an admin's header offers Admin and Sign out, on desktop and in the phone menu", async ({ page }) => {
  await expectStaffHeader(page, PEOPLE.admin);
});

test("a coach's header offers Admin and Sign out, on desktop and in the phone menu", async ({ page }) => {
  await expectStaffHeader(page, PEOPLE.coach);
});

test("a client's header offers Dashboard and Sign out, on desktop and in the phone menu", async ({
  page,
}) => {
  const client = { admin: false, dashboard: true, signOut: true, portal: false };
  await page.setViewportSize(DESKTOP);
  await signIn(page, PEOPLE.proClient, { to: "/pricing" });
  await expectAuthLinks(mainNav(page), client);
  await mainNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectPageRendered(page);

  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/pricing");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectAuthLinks(drawer(page), client);
  await drawer(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(drawer(page)).toBeHidden();
});

test("a lead's header offers only Sign out, on desktop and in the phone menu", async ({ page }) => {
  const lead = { admin: false, dashboard: false, signOut: true, portal: false };
  await page.setViewportSize(DESKTOP);
  await signIn(page, PEOPLE.lead, { to: "/pricing" });
  await expectAuthLinks(mainNav(page), lead);

  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/pricing");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectAuthLinks(drawer(page), lead);
});

test("signed out, the header's Client Portal leads to /login, on desktop and in the phone menu", async ({
  page,
}) => {
  const visitor = { admin: false, dashboard: false, signOut: false, portal: true };
  await page.setViewportSize(DESKTOP);
  await gotoHydrated(page, "/pricing");
  await expectAuthLinks(mainNav(page), visitor);
  await mainNav(page).getByRole("link", { name: "Client Portal", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to your Client Portal" })).toBeVisible();

  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/about");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectAuthLinks(drawer(page), visitor);
  await drawer(page).getByRole("link", { name: "Client Portal", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(drawer(page)).toBeHidden();
});

test("the admin area sends a lead to the dashboard", async ({ page }) => {
  await signIn(page, PEOPLE.lead);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectPageRendered(page);
});

test("the admin area sends a client to the dashboard", async ({ page }) => {
  await signIn(page, PEOPLE.basicClient);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectPageRendered(page);
});

test("a signed-in visitor opening /login goes to the dashboard, or on to redirectTo", async ({ page }) => {
  await signIn(page, PEOPLE.premiumClient, { to: "/homework" });

  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectPageRendered(page);

  await page.goto("/login?redirectTo=/plan");
  await expect(page).toHaveURL(/\/plan$/);
  await expectPageRendered(page);
});

// One test per target, each well inside a test's time on a slow machine.
for (const target of ["https://evil.example/x", "//evil.example", "/\\evil.example"]) {
  test(`redirectTo never leads off the site, before or after sign-in: ${target}`, async ({
    page,
    baseURL,
  }) => {
    const offSite: string[] = [];
    await page.context().route(
      (url) => url.hostname.endsWith("evil.example"),
      (route) => {
        offSite.push(route.request().url());
        return route.abort();
      },
    );
    const login = `/login?${new URLSearchParams({ redirectTo: target })}`;

    await signIn(page, PEOPLE.proClient, { from: login, expectPath: "/dashboard" });
    expect(new URL(page.url()).origin, "after sign-in").toBe(baseURL);

    await page.goto(login);
    expect(new URL(page.url()).origin, "signed in").toBe(baseURL);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(offSite, "requests to another site").toEqual([]);
  });
}

test("a new verified Google account's first sign-in creates a lead named by the provider", async ({
  page,
}) => {
  const person = freshIdentity("Ada Newcomer");
  expect(await sessionViewer(page)).toBeNull();

  await signIn(page, person);
  const viewer = await sessionViewer(page);
  expect(viewer).toMatchObject({ email: person.email, fullName: "Ada Newcomer", role: "lead", plan: null });
  await expectAuthLinks(mainNav(page), { admin: false, dashboard: false, signOut: true, portal: false });

  await page.context().clearCookies();
  await signIn(page, person);
  expect((await sessionViewer(page))?.id).toBe(viewer?.id);
});

test("an unverified email is refused: back on /login with an alert and no session", async ({ page }) => {
  const person = freshIdentity("Unverified Person", { email_verified: false });
  await signIn(page, person, { expectPath: "/login" });

  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("not verified");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  expect(await sessionViewer(page)).toBeNull();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "session")).toBe(false);
});

async function expectSessionEnded(page: Page) {
  expect(await sessionViewer(page)).toBeNull();
  await page.goto("/dashboard");
  await expectOnLoginFor(page, "/dashboard");
}

test("header sign-out on a protected page goes home first, then signs out and says so", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, freshIdentity("Desktop Leaver"), { from: "/lessons", expectPath: "/lessons" });
  await gotoHydrated(page, "/lessons");

  const logoutPost = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/auth/sign-out",
  );
  await mainNav(page).getByRole("button", { name: "Sign out", exact: true }).click();
  const referer = (await (await logoutPost).allHeaders()).referer;
  expect(referer && new URL(referer).pathname, "page the sign-out was sent from").toBe("/");

  await expect(toastTitled(page, "Signed out")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectAuthLinks(mainNav(page), { admin: false, dashboard: false, signOut: false, portal: true });
  await expectSessionEnded(page);
});

test("sign-out from the phone menu closes the menu, goes home and signs out", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, freshIdentity("Phone Leaver"), { from: "/lessons", expectPath: "/lessons" });
  await gotoHydrated(page, "/lessons");

  await page.getByRole("button", { name: "Open menu" }).click();
  const logoutPost = page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/auth/sign-out",
  );
  await drawer(page).getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(drawer(page)).toBeHidden();
  const referer = (await (await logoutPost).allHeaders()).referer;
  expect(referer && new URL(referer).pathname, "page the sign-out was sent from").toBe("/");

  await expect(toastTitled(page, "Signed out")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // On a phone the toast lies over the header and a resting pointer holds it open: move away first.
  await page.mouse.move(5, PHONE.height - 5);
  await expect(toastTitled(page, "Signed out")).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectAuthLinks(drawer(page), { admin: false, dashboard: false, signOut: false, portal: true });
  await page.keyboard.press("Escape");
  await expect(drawer(page)).toBeHidden();
  await expectSessionEnded(page);
});

test("/logout says it is signing you out, then confirms with a toast and goes home", async ({ page }) => {
  await signIn(page, freshIdentity("Logout Page"));
  // Held until the page's own text has been seen, not for a fixed time a slow machine could outlast.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/auth/sign-out", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await released;
    return route.fallback();
  });

  await page.goto("/logout");
  await expect(page.getByRole("heading", { level: 1, name: "Signing you out…" })).toBeVisible();
  release();

  await expectToast(page, "Signed out", "success", "You've been signed out successfully.");
  await expect(page).toHaveURL(/\/$/);
  await expectAuthLinks(mainNav(page), { admin: false, dashboard: false, signOut: false, portal: true });
  expect(await sessionViewer(page)).toBeNull();
});

test("/logout shows the server's error when sign-out fails, and still goes home", async ({ page }) => {
  await signIn(page, freshIdentity("Logout Failure"));
  await page.route("**/auth/sign-out", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ ok: false, error: "Database unavailable" }),
        })
      : route.fallback(),
  );

  await page.goto("/logout");
  await expectToast(page, "Sign out failed", "error", "Database unavailable");
  await expect(page).toHaveURL(/\/$/);
  await expect(toastTitled(page, "Signed out")).toHaveCount(0);
});

test("signing out in one browser ends the person's sessions in every other browser", async ({ newPage }) => {
  const person = freshIdentity("Two Browsers");
  const [a, b] = await Promise.all(
    [0, 1].map(async () => {
      const page = await newPage({ viewport: DESKTOP });
      await signIn(page, person); // sets the provider cookie in this context
      return page;
    }),
  );
  if (!a || !b) throw new Error("two pages expected");
  expect((await sessionViewer(a))?.email).toBe(person.email);
  expect((await sessionViewer(b))?.email).toBe(person.email);

  await gotoHydrated(a, "/dashboard");
  await mainNav(a).getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(toastTitled(a, "Signed out")).toBeVisible();
  await expectAuthLinks(mainNav(a), { admin: false, dashboard: false, signOut: false, portal: true });

  // Ask the server again only once b is on /login: a reload racing that navigation would be aborted.
  await expectOnLoginFor(b, "/dashboard");
  await b.goto("/dashboard");
  await expectOnLoginFor(b, "/dashboard");
  expect(await sessionViewer(b)).toBeNull();
});

test("on pre-rendered pages a signed-in client's header fills in after load", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, PEOPLE.basicClient);

  for (const path of ["/about", "/"]) {
    const html = await (await page.request.get(path)).text();
    expect(html).toContain("Checking your sign-in");
    expect(html).not.toContain("Maya Chen");

    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === "/auth/session");
    await gotoHydrated(page, path);
    expect((await asked).status()).toBe(200);
    await expectAuthLinks(mainNav(page), { admin: false, dashboard: true, signOut: true, portal: false });
  }
});

// A client-side visit loads the build-time `/about.data` (viewer null), which must not overwrite what the browser knows.
test("moving from a portal page to a pre-rendered page keeps the signed-in header", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, PEOPLE.basicClient);
  await gotoHydrated(page, "/dashboard");
  await mainNav(page).getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAuthLinks(mainNav(page), { admin: false, dashboard: true, signOut: true, portal: false });
});

test("a forged callback lands on /login with an alert, not an error page", async ({ page }) => {
  const response = await page.goto("/auth/callback?code=bogus&state=nope");
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toContain("/auth/callback");
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  expect(await sessionViewer(page)).toBeNull();
});

test("a provider answer with a bad code, in a real sign-in attempt, lands on /login with an alert", async ({
  page,
}) => {
  // The login page posts natively and a route sees only the first request of a redirect chain, so the
  // sign-in post's answer is rewritten to come straight back with a code the provider never issued.
  await page.route(/\/login(\?.*)?$/, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const asked = new URL(response.headers().location ?? "");
    const back = new URL(asked.searchParams.get("redirect_uri") ?? "");
    back.search = new URLSearchParams({
      code: "bogus",
      state: asked.searchParams.get("state") ?? "",
    }).toString();
    return route.fulfill({ response, headers: { ...response.headers(), location: back.href } });
  });
  await signIn(page, PEOPLE.basicClient, { expectPath: "/login" });
  await expect(page.getByRole("alert")).toContainText("couldn't verify your sign-in");
  expect(await sessionViewer(page)).toBeNull();
});

test("login page has no accessibility violations in the dark theme", async ({ page }) => {
  await gotoHydrated(page, "/login");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

test("login page has no accessibility violations in the light theme", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "theme", value: "light", url: baseURL ?? "" }]);
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await gotoHydrated(page, "/login");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

test("the signed-in header has no accessibility violations in the dark theme", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, PEOPLE.basicClient);
  await gotoHydrated(page, "/about");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectAuthLinks(mainNav(page), { admin: false, dashboard: true, signOut: true, portal: false });
  await expectNoAxeViolations(page);

  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(drawer(page).getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
