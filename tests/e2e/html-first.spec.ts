import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/content/prerender";
import { expectNoAxeViolations } from "./appearance";
import { openAs, PEOPLE, signIn } from "./sign-in";
import { expect, gotoHydrated, runsReact, test } from "./support";

// docs/decisions/0030-html-first-pages.md: every public page usable before any script runs or without one.

/** docs/decisions/0030-html-first-pages.md: a public page's JavaScript budget, gzipped. */
const BUDGET_BYTES = 60 * 1024;

async function scriptBytes(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const files = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
  let bytes = 0;
  for (const file of files)
    bytes += gzipSync(await (await request.get(file as string)).body(), { level: 9 }).length;
  return { html, files, bytes };
}

for (const path of PUBLIC_PAGES) {
  test(`${path} ships no React, and under 60 KB of JavaScript`, async ({ request, page }) => {
    const { html, files, bytes } = await scriptBytes(request, path);
    expect(files.length, "at least the site's own enhancer").toBeGreaterThan(0);
    expect(bytes).toBeLessThan(BUDGET_BYTES);
    expect(html).not.toContain("__reactRouterContext");
    await gotoHydrated(page, path);
    expect(await runsReact(page)).toBe(false);
  });
}

test("with JavaScript off, every public page shows its content and its links work", async ({ newPage }) => {
  const page = await newPage({ javaScriptEnabled: false });
  for (const path of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav.getByRole("link", { name: "Client Portal", exact: true })).toBeVisible();
    await expect(nav.getByRole("status")).toHaveCount(0);
  }
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

test("with JavaScript off, the currency toggle switches the prices, and a financed card shows both prices", async ({
  newPage,
}) => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto("/pricing");
  const premium = page.getByRole("main").getByRole("article", { name: "Premium", exact: true });
  const shown = (text: string) => premium.getByText(text).filter({ visible: true });
  await expect(shown("$1,499")).toHaveCount(1);
  await expect(page.getByText("Loading prices…")).toBeHidden();

  await page.getByRole("group", { name: "Currency" }).getByText("CAD", { exact: true }).click();
  await expect(shown("$175/month × 12")).toHaveCount(1);
  await expect(shown("$2,000")).toHaveCount(1);
  await expect(shown("$1,499")).toHaveCount(0);
  await expect(page.getByText("Prices in Canadian dollars.")).toBeVisible();
  await expect(premium.getByRole("link", { name: "Enroll in Premium" })).toHaveAttribute(
    "href",
    "/checkout?offer=premium&currency=CAD&option=financing",
  );
  await expect(premium.getByRole("button", { name: /See (upfront|monthly) price/ })).toHaveCount(0);
});

test("a signed-in client's header on a pre-rendered page is filled in by the enhancer, and sign-out works there", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, PEOPLE.proClient, "/about");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await expect(nav.getByRole("status")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("from a page that runs React, a marketing page opens as a new HTML-first document", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, PEOPLE.proClient);
  await gotoHydrated(page, "/dashboard");
  expect(await runsReact(page)).toBe(true);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Pricing", exact: true })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services & Programs");
  await expect.poll(() => runsReact(page)).toBe(false);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible();
});
