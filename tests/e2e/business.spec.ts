import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectTheme, PHONE_360 } from "./appearance";
import { freshIdentity, PEOPLE, payOnTestCheckout, signedInPage, signIn, toTestCheckout } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// Issue 45 (docs/decisions/0054-business-at-a-glance.md): a purchase on the local test checkout, then the
// admin on a phone reads the month, opens the payments behind its gross and downloads the year's CSV,
// whose USD total is the page's net.

const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);

async function usdNet(page: Page, year: number) {
  await gotoHydrated(page, `/admin/business?year=${year}`);
  const heading = page.getByRole("heading", { name: /^USD: net / });
  return cents(((await heading.textContent()) ?? "").replace("USD: net", ""));
}

test("the admin on a phone reads a month, opens the payments behind it, and downloads the year's CSV matching the page", async ({
  newPage,
}) => {
  const shop = await newPage();
  const buyer = freshIdentity("Ledger");
  await toTestCheckout(shop, buyer, "/checkout?offer=basic&currency=USD&option=upfront");
  await payOnTestCheckout(shop, "Pay $249 USD (test)");

  const page = await newPage({ viewport: PHONE_360 });
  const now = new Date();
  const year = now.getUTCFullYear();
  const month = now.toISOString().slice(0, 7);
  const label = now.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

  await test.step("the Business link opens the page; the month's USD gross is read at 360 px", async () => {
    await signIn(page, PEOPLE.admin, { to: "/admin" });
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Business" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/business");
    await expect(page.getByRole("heading", { name: "Business", level: 1 })).toBeVisible();
    await expect(
      page.getByRole("img", { name: "USD: money charged, returned and net, by month" }),
    ).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  await test.step("the month's gross opens the payments behind it, the buyer's among them", async () => {
    const gross = page.getByRole("link", { name: new RegExp(`^Gross, ${label}, USD: `) });
    const figure = cents(((await gross.getAttribute("aria-label")) ?? "").split(": ").pop() ?? "");
    expect(figure).toBeGreaterThanOrEqual(24900);
    await gross.click();
    await page.waitForURL((url) => url.pathname === "/admin/business/ledger");
    expect(new URL(page.url()).searchParams.get("month")).toBe(month);
    await expect(page.getByRole("row").filter({ hasText: buyer.name })).toContainText("$249");
  });

  await test.step("the year's CSV sums to the page's USD net (other tests may pay meanwhile: read again)", async () => {
    let matched = false;
    for (let attempt = 0; attempt < 3 && !matched; attempt++) {
      const before = await usdNet(page, year);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: `Payments, ${year} (CSV)` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`payments-${year}.csv`);
      const rows = parse(await readFile((await download.path()) as string, "utf8"), {
        bom: true,
        columns: true,
      }) as Record<string, string>[];
      expect(rows.some((r) => r.Client === buyer.name && r.Amount === "249")).toBe(true);
      const file = rows
        .filter((r) => r.Currency === "USD")
        .reduce((sum, r) => sum + cents(r.Amount ?? "0"), 0);
      const after = await usdNet(page, year);
      if (before === after) {
        expect(file).toBe(after);
        matched = true;
      }
    }
    expect(matched, "the page's USD net held still across a download").toBe(true);
  });
});

test("without script and in the dark theme, the charts and their tables read at 360 px", async ({
  newPage,
  baseURL,
}) => {
  const phone = { viewport: PHONE_360, javaScriptEnabled: false };
  const { page } = await signedInPage(newPage, PEOPLE.admin, "/admin/business", phone);
  await page.context().addCookies([{ name: "theme", value: "dark", url: baseURL as string }]);
  const year = new Date().getUTCFullYear();
  await page.goto(`/admin/business?year=${year}`);
  await expectTheme(page, "dark");
  const chart = page
    .getByRole("img", { name: /^(CAD|USD): money charged, returned and net, by month$/ })
    .first();
  await expect(chart).toBeVisible();
  expect((await chart.boundingBox())?.width ?? 999).toBeLessThanOrEqual(360);
  await expect(page.getByRole("table", { name: new RegExp(`by month, ${year}$`) }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (process.env.BUSINESS_SHOTS)
    await page.screenshot({ path: `${process.env.BUSINESS_SHOTS}/dark-360.png`, fullPage: true });
});
