import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./appearance";
import { expect, gotoHydrated, test } from "./support";

// The pricing page (docs/product/states.md and constants.md).

const PLAN_TITLES = ["Single Session", "Monthly Sessions", "Basic", "Pro", "Premium"];
const THIRTY_DAYS = 30 * 24 * 60 * 60;
const SOLD_IN_USD = "Sold in US dollars only, so it is billed in USD.";

function card(page: Page, title: string): Locator {
  return page.getByRole("main").getByRole("article", { name: title, exact: true });
}

function currencyRadio(page: Page, currency: "CAD" | "USD"): Locator {
  return page.getByRole("group", { name: "Currency" }).getByRole("radio", { name: currency, exact: true });
}

/** The radio itself is visually hidden. */
async function chooseCurrency(page: Page, currency: "CAD" | "USD") {
  await page.getByRole("group", { name: "Currency" }).getByText(currency, { exact: true }).click();
  await expect(currencyRadio(page, currency)).toBeChecked();
}

function textOf(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return body
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replaceAll("&amp;", "&");
}

/** CSS shows the chosen prices, so text content alone proves nothing. */
async function expectShown(scope: Locator, text: string) {
  await expect(scope.getByText(text).filter({ visible: true }).first()).toBeVisible();
}

async function expectNotShown(scope: Locator, text: string) {
  await expect(scope.getByText(text).filter({ visible: true })).toHaveCount(0);
}

async function storedCurrency(page: Page) {
  const local = await page.evaluate(() => localStorage.getItem("currency"));
  const cookie = (await page.context().cookies()).find((c) => c.name === "currency");
  return { local, cookie };
}

test("pricing shows its heading, five plans and US dollars when nothing is known yet", async ({ page }) => {
  const response = await gotoHydrated(page, "/pricing");
  expect(textOf((await response?.text()) ?? "")).toContain("Loading prices…");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services & Programs");
  await expect(page.getByText("Loading prices…")).toBeHidden();
  await expect(currencyRadio(page, "USD")).toBeChecked();
  await expect(currencyRadio(page, "CAD")).not.toBeChecked();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(5);
  for (const title of PLAN_TITLES) {
    await expect(card(page, title).getByRole("heading", { name: title })).toBeVisible();
  }

  await expectShown(card(page, "Single Session"), "$149");
  // In US dollars its price needs no reason.
  await expectNotShown(card(page, "Single Session"), SOLD_IN_USD);
  await expectShown(card(page, "Monthly Sessions"), "$199/month");
  await expectShown(card(page, "Basic"), "$249");
  await expectShown(card(page, "Pro"), "$649");
  await expectShown(card(page, "Premium"), "$1,499");
  // Without payments the links in site settings stay (tests/system/payments.test.ts).
  await expect(card(page, "Premium").getByRole("link", { name: "Enroll in Premium" })).toHaveAttribute(
    "href",
    "/checkout?offer=premium&currency=USD&option=upfront",
  );
  // A default is not a choice: nothing is saved until the visitor picks.
  expect(await storedCurrency(page)).toEqual({ local: null, cookie: undefined });
});

test("choosing CAD shows Canadian prices and links, while Single Session stays in USD", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await chooseCurrency(page, "CAD");

  await expect(page.getByText("Prices in Canadian dollars.")).toBeVisible();
  await expectShown(card(page, "Monthly Sessions"), "$249/month");
  const upfront = { Basic: "$350", Pro: "$900", Premium: "$2,000" };
  for (const [title, price] of Object.entries(upfront)) {
    await card(page, title).getByRole("button", { name: "See upfront price" }).click();
    await expectShown(card(page, title), price);
  }
  const enrollPremium = card(page, "Premium").getByRole("link", { name: "Enroll in Premium" });
  await expect(enrollPremium).toHaveAttribute("href", "/checkout?offer=premium&currency=CAD&option=upfront");
  await card(page, "Premium").getByRole("button", { name: "See monthly price" }).click();
  await expect(enrollPremium).toHaveAttribute(
    "href",
    "/checkout?offer=premium&currency=CAD&option=financing",
  );
  await expect(
    card(page, "Monthly Sessions").getByRole("link", { name: "Start monthly sessions" }),
  ).toHaveAttribute("href", "/checkout?offer=monthly&currency=CAD&option=upfront");

  const single = card(page, "Single Session");
  await expectShown(single, "$149");
  await expectShown(single, "USD");
  // With CAD chosen, why this one stays in US dollars.
  await expectShown(single, SOLD_IN_USD);
  await expectNotShown(single, "$200");
});

test("the CAD choice is saved and the next page load has CAD prices in its first HTML", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await chooseCurrency(page, "CAD");

  const { local, cookie } = await storedCurrency(page);
  expect(local).toBe("CAD");
  expect(cookie?.value).toBe("CAD");
  expect(cookie?.path).toBe("/");
  expect(cookie?.sameSite).toBe("Lax");
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(THIRTY_DAYS - 120);
  expect(lifetime).toBeLessThanOrEqual(THIRTY_DAYS + 1);

  const response = await page.goto("/pricing");
  const html = textOf((await response?.text()) ?? "");
  expect(html).toContain("$175/month × 12");
  expect(html).toContain("Prices in Canadian dollars.");
  expect(html).not.toContain("Loading prices…");
  await expect(currencyRadio(page, "CAD")).toBeChecked();
  await expectShown(card(page, "Premium"), "$175/month × 12");
});

test("a visitor with a currency=CAD cookie gets CAD prices from the server, privately cached", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "currency", value: "CAD", url: baseURL }]);
  const response = await gotoHydrated(page, "/pricing");

  const html = textOf((await response?.text()) ?? "");
  expect(html).toContain("$175/month × 12");
  expect(html).not.toContain("Loading prices…");
  const headers = response?.headers() ?? {};
  expect(headers["cache-control"]).toBe("private, no-cache");
  expect(headers.vary).toMatch(/\bCookie\b/);
  await expect(currencyRadio(page, "CAD")).toBeChecked();
});

test("a visitor in Canada without a cookie gets CAD from the server; elsewhere USD", async ({ page }) => {
  const fromCanada = await page.request.get("/pricing", { headers: { "CF-IPCountry": "CA" } });
  expect(textOf(await fromCanada.text())).toContain("Prices in Canadian dollars.");
  const fromFrance = await page.request.get("/pricing", { headers: { "CF-IPCountry": "FR" } });
  expect(textOf(await fromFrance.text())).toContain("Prices in US dollars.");

  await page.setExtraHTTPHeaders({ "CF-IPCountry": "CA" });
  const response = await gotoHydrated(page, "/pricing");
  const html = textOf((await response?.text()) ?? "");
  expect(html).toContain("$175/month × 12");
  expect(html).not.toContain("Loading prices…");
  await expect(currencyRadio(page, "CAD")).toBeChecked();
  await expectShown(card(page, "Premium"), "$175/month × 12");
});

test("a CAD choice kept only in local storage is shown after the page loads", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("currency", "CAD"));
  const response = await gotoHydrated(page, "/pricing");
  expect(textOf((await response?.text()) ?? "")).toContain("Loading prices…");

  await expect(currencyRadio(page, "CAD")).toBeChecked();
  await expectShown(card(page, "Premium"), "$175/month × 12");
});

test("CAD Premium opens on the monthly price, switches to upfront and back, and resets with the currency", async ({
  page,
}) => {
  await gotoHydrated(page, "/pricing");
  await chooseCurrency(page, "CAD");
  const premium = card(page, "Premium");

  await expectShown(premium, "$175/month × 12");
  await expectShown(premium, "Payment plan: 12 monthly payments, $2,100 in all");
  await expectShown(premium, "Save $100 by paying upfront");

  await premium.getByRole("button", { name: "See upfront price" }).click();
  await expectShown(premium, "$2,000");
  await expectNotShown(premium, "$175/month × 12");

  await premium.getByRole("button", { name: "See monthly price" }).click();
  await expectShown(premium, "$175/month × 12");

  await premium.getByRole("button", { name: "See upfront price" }).click();
  await expectShown(premium, "$2,000");
  await chooseCurrency(page, "USD");
  await expectShown(premium, "$1,499");
  await chooseCurrency(page, "CAD");
  await expectShown(premium, "$175/month × 12");
  await expect(premium.getByRole("button", { name: "See upfront price" })).toBeVisible();
});

test("CAD Pro and Basic show their instalments, totals and savings", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await chooseCurrency(page, "CAD");

  const pro = card(page, "Pro");
  await expectShown(pro, "$80/month × 12");
  await expectShown(pro, "Payment plan: 12 monthly payments, $960 in all");
  await expectShown(pro, "Save $60 by paying upfront");

  const basic = card(page, "Basic");
  await expectShown(basic, "$60/month × 6");
  await expectShown(basic, "Payment plan: 6 monthly payments, $360 in all");
  await expectShown(basic, "Save $10 by paying upfront");
});

test("there is no financing in USD, nor on Single Session and Monthly Sessions in CAD", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  const main = page.getByRole("main");
  await expect(currencyRadio(page, "USD")).toBeChecked();
  await expect(main.getByRole("button", { name: /See (upfront|monthly) price/ })).toHaveCount(0);
  await expectNotShown(main, "/month ×");

  await chooseCurrency(page, "CAD");
  for (const title of ["Single Session", "Monthly Sessions"]) {
    await expect(card(page, title).getByRole("button")).toHaveCount(0);
    await expectNotShown(card(page, title), "every 2 weeks");
  }
  await expect(main.getByRole("button", { name: "See upfront price" })).toHaveCount(3);
});

test("the 'Watch why Premium' video is switched off", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await expect(card(page, "Premium")).toBeVisible();
  await expect(page.getByRole("button", { name: /Watch why Premium/i })).toHaveCount(0);
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("the currency switch and the price buttons work from the keyboard", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await currencyRadio(page, "USD").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(currencyRadio(page, "CAD")).toBeChecked();
  await expect(currencyRadio(page, "CAD")).toBeFocused();
  await expectShown(card(page, "Premium"), "$175/month × 12");

  const seeUpfront = card(page, "Premium").getByRole("button", { name: "See upfront price" });
  await seeUpfront.focus();
  await page.keyboard.press("Enter");
  await expectShown(card(page, "Premium"), "$2,000");
  await expect(card(page, "Premium").getByRole("button", { name: "See monthly price" })).toBeFocused();

  await currencyRadio(page, "CAD").focus();
  await page.keyboard.press("ArrowRight");
  await expect(currencyRadio(page, "USD")).toBeChecked();
  await expectShown(card(page, "Premium"), "$1,499");
});

test("Compare Program Tiers lists what each tier includes, as in the quota table", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await expect(page.getByRole("heading", { level: 2, name: "Compare Program Tiers" })).toBeVisible();
  const table = page.getByRole("table", { name: "What Basic, Pro and Premium each include" });
  await expect(table.getByRole("columnheader")).toHaveText(["Included", "Basic", "Pro", "Premium"]);

  // docs/product/constants.md, Included quotas (Premium 16 sessions: docs/decisions/0021-spec-readings.md).
  const Y = "✓Included";
  const N = "—Not included";
  const expected: [string, string[]][] = [
    ["Resume review", [Y, Y, Y]],
    ["LinkedIn review", [Y, Y, Y]],
    ["GitHub review", [Y, Y, Y]],
    ["Personal website review", [Y, Y, Y]],
    ["Mock interview", ["1", "3", "6"]],
    ["30-minute coaching session", ["0", "4", "16"]],
    ["Strategy call (90m)", [N, Y, Y]],
    ["DSA survey", [N, Y, Y]],
    ["Networking playbook", [N, Y, Y]],
    ["Local networking events list", [N, N, Y]],
  ];
  await expect(table.getByRole("rowheader")).toHaveText(expected.map(([label]) => label));
  for (const [label, values] of expected) {
    const row = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });
    await expect(row.getByRole("cell"), label).toHaveText(values);
  }
});

test("pricing has no accessibility violations in the dark theme, in USD and in CAD", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectShown(card(page, "Premium"), "$1,499");
  await expectNoAxeViolations(page);

  await chooseCurrency(page, "CAD");
  await expectShown(card(page, "Premium"), "$175/month × 12");
  await expectNoAxeViolations(page);
});

test("pricing has no accessibility violations in the light theme, in USD and in CAD", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await gotoHydrated(page, "/pricing");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expectShown(card(page, "Premium"), "$1,499");
  await expectNoAxeViolations(page);

  await chooseCurrency(page, "CAD");
  await expectShown(card(page, "Premium"), "$175/month × 12");
  await expectNoAxeViolations(page);
});

test("pricing fits a 360 px wide phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await gotoHydrated(page, "/pricing");
  await expectShown(card(page, "Premium"), "$1,499");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await chooseCurrency(page, "CAD");
  await expectShown(card(page, "Premium"), "$175/month × 12");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole("table", { name: "What Basic, Pro and Premium each include" })).toBeVisible();
});

test("in US dollars no blank band sits between a program's price and what it includes", async ({ page }) => {
  await gotoHydrated(page, "/pricing");
  await expect(currencyRadio(page, "USD")).toBeChecked();
  for (const title of ["Basic", "Pro", "Premium"]) {
    const article = card(page, title);
    const price = article.getByText(/^\$[\d,]+$/).filter({ visible: true });
    const features = article.getByRole("list");
    const priceBox = await price.boundingBox();
    const featuresBox = await features.boundingBox();
    if (!priceBox || !featuresBox) throw new Error(`${title}: no price or no list of what it includes`);
    // The list's own margin (1.5rem) and a little: the room kept for CAD's two views is not kept here.
    expect(featuresBox.y - (priceBox.y + priceBox.height), title).toBeLessThanOrEqual(36);
  }
});

test("on a wide screen the prices of a row line up, and so do what each includes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/pricing");
  for (const currency of ["USD", "CAD"] as const) {
    await chooseCurrency(page, currency);
    const tops = async (part: (article: Locator) => Locator) =>
      Promise.all(
        ["Basic", "Pro", "Premium"].map(async (title) => (await part(card(page, title)).boundingBox())?.y),
      );
    // The descriptions differ in length (Pro's runs a line longer); the parts below them don't move with it.
    const prices = await tops((article) => article.getByText(/^\$[\d,]+$/).filter({ visible: true }));
    const lists = await tops((article) => article.getByRole("list"));
    for (const ys of [prices, lists]) {
      expect(
        ys.every((y) => y !== undefined && Math.abs(y - (ys[0] as number)) < 1),
        `${currency}: ${ys}`,
      ).toBe(true);
    }
  }
});
