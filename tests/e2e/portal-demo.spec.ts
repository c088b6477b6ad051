import { randomUUID } from "node:crypto";
import { chooseTheme, expectAccessibleIn, expectNoSidewaysScroll, PHONE_360 } from "./appearance";
import {
  activityEntries,
  demoBanner,
  expect,
  expectNewestFirst,
  expectNotIncluded,
  expectQuota,
  heading1,
  itemTitles,
  loadingStatus,
  main,
  PORTAL_PATHS,
  PRO_SPECIALS,
  specialItems,
} from "./portal-pages";
import { PEOPLE, signIn } from "./sign-in";
import { gotoHydrated, region, test } from "./support";

// The portal's demo (docs/product/screens.md and states.md; docs/decisions/0012-portal.md) with
// app/content/demo.ts's figures, then moving between the portal's pages (on a phone too) as the seeded
// people.

test("a lead sees the read-only demo on the portal pages, on ?plan= with pro by default", async ({
  page,
  baseURL,
}) => {
  await signIn(page, PEOPLE.lead);
  await expect(heading1(page, "Dashboard")).toBeVisible();
  await expect(demoBanner(page)).toContainText("This is a read-only demo of the Pro plan");
  await expectQuota(page, "Mock interview", 2, 3, 67);
  await expectQuota(page, "30-minute coaching session", 3, 4, 75);

  await page.goto("/dashboard?plan=premium");
  await expect(demoBanner(page)).toContainText("of the Premium plan");
  await expectQuota(page, "30-minute coaching session", 9, 16, 56);

  await page.goto("/homework");
  await expect(demoBanner(page)).toContainText("This is a read-only demo");
  await expect(main(page)).toContainText("Clients hand in their work here.");
  await expect(main(page).getByRole("button", { name: "Submit" })).toHaveCount(0);

  const refused = await page.request.post("/homework.data", {
    form: { homeworkId: randomUUID(), url: "https://example.com/x", note: "" },
    headers: { origin: baseURL ?? "" },
  });
  expect(refused.status()).toBe(403);
});

for (const who of ["admin", "coach"] as const) {
  test(`${who === "admin" ? "an admin" : "a coach"} opening any portal page goes to /admin`, async ({
    page,
  }) => {
    await signIn(page, PEOPLE[who], { expectPath: "/admin" });
    for (const path of PORTAL_PATHS) {
      await page.goto(path);
      await expect(page, `${who} at ${path}`).toHaveURL(/\/admin$/);
    }
    await expect(heading1(page, "Admin")).toBeVisible();
  });
}

test("each demo link on /login opens its plan's demo with the demo figures", async ({ page }) => {
  const open = async (name: RegExp, href: string) => {
    await gotoHydrated(page, "/login");
    await page.getByRole("region", { name: "Explore a read-only demo" }).getByRole("link", { name }).click();
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(href);
  };

  await open(/^Pro dashboard/, "/demo?plan=pro");
  await expect(demoBanner(page)).toContainText("This is a read-only demo of the Pro plan");
  await expect(main(page)).toContainText("Sample client: Alex Kim");
  await expectQuota(page, "Mock interview", 2, 3, 67);
  await expectQuota(page, "30-minute coaching session", 3, 4, 75);
  expect(await specialItems(page)).toEqual(PRO_SPECIALS);
  await expect(activityEntries(page)).toHaveCount(6);
  await expect(activityEntries(page).first().locator("p").first()).toHaveText(
    "Mock interview: graphs and BFS",
  );
  await expectNewestFirst(region(page, "Recent activity").locator("ol > li time"));

  await open(/^Basic dashboard/, "/demo?plan=basic");
  await expect(demoBanner(page)).toContainText("of the Basic plan");
  await expectQuota(page, "Mock interview", 1, 1, 100);
  await expectNotIncluded(page, "30-minute coaching session");

  await open(/^Premium dashboard/, "/demo?plan=premium");
  await expect(demoBanner(page)).toContainText("of the Premium plan");
  await expectQuota(page, "Mock interview", 4, 6, 67);
  await expectQuota(page, "30-minute coaching session", 9, 16, 56);
  expect((await specialItems(page)).map(([label]) => label)).toContain("Local networking events list");

  await open(/^Pro plan page/, "/demo/plan?plan=pro");
  await expect(heading1(page, "Your plan")).toBeVisible();
  await expect(demoBanner(page)).toContainText("of the Pro plan");
  await expect(main(page)).toContainText("Tier: Pro");
  await expect(
    region(page, "Coaching sessions").getByRole("listitem").filter({ hasText: "30-minute coaching session" }),
  ).toContainText("3 of 4 used");

  const nav = page.getByRole("navigation", { name: "Portal" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Plan"]);
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/demo\?plan=pro$/);
  await expect(heading1(page, "Dashboard")).toBeVisible();
});

test("/demo with an unknown plan falls back to Pro", async ({ page }) => {
  await page.goto("/demo?plan=gold");
  await expect(demoBanner(page)).toContainText("This is a read-only demo of the Pro plan");
  await expectQuota(page, "30-minute coaching session", 3, 4, 75);
  await page.goto("/demo/plan?plan=PREMIUM");
  await expect(main(page)).toContainText("Tier: Pro");
});

test("moving between portal tabs shows 'Loading…' while the next page's data is on its way", async ({
  page,
}) => {
  await signIn(page, PEOPLE.proClient);
  await gotoHydrated(page, "/dashboard");
  await expect(heading1(page, "Dashboard")).toBeVisible();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/lessons\.data/, async (route) => {
    await held;
    await route.continue();
  });

  const nav = page.getByRole("navigation", { name: "Portal" });
  await nav.getByRole("link", { name: "Lessons" }).click();
  await expect(loadingStatus(page)).toBeVisible();
  await expect(heading1(page, "Dashboard")).toBeVisible();
  await expect(main(page).locator("[aria-busy=true]")).toHaveCount(1);
  release();

  await expect(heading1(page, "Lessons")).toBeVisible();
  await expect(loadingStatus(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/lessons$/);
  await expect(nav.getByRole("link", { name: "Lessons" })).toHaveAttribute("aria-current", "page");
  await expect(itemTitles(page).first()).toHaveText("Mock interview debrief: graphs");

  await page.unroute(/\/lessons\.data/);
  for (const [label, title] of [
    ["Homework", "Homework"],
    ["Resources", "Resources"],
    ["Plan", "Your plan"],
    ["Dashboard", "Dashboard"],
  ] as const) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(heading1(page, title)).toBeVisible();
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("every portal page and the demo fit a 360 px wide screen without sideways scrolling", async ({
  page,
}) => {
  await signIn(page, PEOPLE.premiumClient);
  await page.setViewportSize(PHONE_360);
  for (const path of PORTAL_PATHS) {
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, path);
    for (const tab of await page.getByRole("navigation", { name: "Portal" }).getByRole("link").all())
      await expect(tab, `${path}: ${await tab.textContent()}`).toBeInViewport({ ratio: 1 });
  }
  await page.context().clearCookies();
  for (const path of ["/demo?plan=premium", "/demo/plan?plan=premium"]) {
    await gotoHydrated(page, path);
    await expect(demoBanner(page)).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});

for (const theme of ["dark", "light"] as const) {
  test(`the portal pages have no accessibility violations in the ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    await signIn(page, PEOPLE.proClient);
    await chooseTheme(page, baseURL, theme);
    for (const path of PORTAL_PATHS) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessibleIn(page, theme);
    }
  });

  test(`the demo has no accessibility violations in the ${theme} theme`, async ({ page, baseURL }) => {
    await chooseTheme(page, baseURL, theme);
    for (const path of ["/demo", "/demo/plan?plan=premium"]) {
      await gotoHydrated(page, path);
      await expect(demoBanner(page)).toBeVisible();
      await expectAccessibleIn(page, theme);
    }
  });
}
