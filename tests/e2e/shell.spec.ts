import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations, PHONE_360 } from "./appearance";
import { expect, focusIsWithin, gotoHydrated, holdReact, runsReact, test } from "./support";

const NAV_LINKS = [
  ["Home", "/"],
  ["About", "/about"],
  ["Pricing", "/pricing"],
  ["Next Offer Program", "/next-offer-coaching-program"],
  ["Workshops", "/workshops"],
  ["FAQ", "/faq"],
  ["Client Portal", "/login"],
] as const;

const SOCIAL_LINKS = ["LinkedIn", "Instagram", "YouTube"];

const PHONE = { width: 390, height: 844 };

/** The marketing pages are HTML-first and run no React. */
const DEMO = "/demo?plan=pro";

type ThemeSample = { at: string; bodyParsed: boolean; dark: boolean };

/** Samples at every point the browser could paint: after each parser step, the first frame, DOMContentLoaded. */
function recordThemeBeforeFirstPaint() {
  const samples: ThemeSample[] = [];
  Object.defineProperty(window, "__themeSamples", { value: samples });
  const sample = (at: string) =>
    samples.push({
      at,
      bodyParsed: document.body !== null,
      dark: document.documentElement?.classList.contains("dark") ?? false,
    });
  new MutationObserver(() => sample("mutation")).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["class"],
  });
  requestAnimationFrame(() => sample("first frame"));
  document.addEventListener("DOMContentLoaded", () => sample("DOMContentLoaded"));
}

async function themeSamples(page: Page): Promise<ThemeSample[]> {
  const read = () =>
    page.evaluate(() => (window as unknown as { __themeSamples: ThemeSample[] }).__themeSamples);
  await expect.poll(async () => (await read()).some((s) => s.at === "first frame")).toBe(true);
  const samples = await read();
  expect(
    samples.some((s) => s.bodyParsed),
    "a sample was taken once <body> existed",
  ).toBe(true);
  // Before <body> exists nothing can be painted.
  return samples.filter((s) => s.bodyParsed || s.at !== "mutation");
}

/** The radio itself is visually hidden. */
async function chooseTheme(page: Page, label: "Light" | "Dark") {
  const themes = page.getByRole("group", { name: "Theme" });
  await themes.getByText(label, { exact: true }).click();
  await expect(themes.getByRole("radio", { name: label })).toBeChecked();
}

async function storedTheme(page: Page) {
  const local = await page.evaluate(() => localStorage.getItem("theme"));
  const cookie = (await page.context().cookies()).find((c) => c.name === "theme")?.value;
  return { local, cookie };
}

async function openMenuFromKeyboard(page: Page) {
  const trigger = page.getByRole("button", { name: "Open menu" });
  for (
    let press = 0;
    press < 10 && !(await trigger.evaluate((el) => el === document.activeElement));
    press++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Enter");
  return trigger;
}

/** The drawer is a modal <dialog> an invoker command opens: its state is the platform's, not aria-expanded. */
async function expectMenuWorksFromKeyboard(page: Page, dialog: Locator, trigger: Locator) {
  await expect(dialog).toBeVisible();
  const hiddenTrigger = page.getByRole("button", { name: "Open menu", includeHidden: true });
  await expect(hiddenTrigger).not.toHaveAttribute("aria-expanded");
  await expect(hiddenTrigger).toHaveAttribute("aria-haspopup", "dialog");
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  expect(await focusIsWithin(dialog), "focus moves into the dialog").toBe(true);
  for (let press = 1; press <= 14; press++) {
    await page.keyboard.press("Tab");
    expect(await focusIsWithin(dialog), `focus after ${press} × Tab`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "FAQ", exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(dialog).toBeHidden();
}

test("home page introduces the coach and links to pricing and the footer's pages", async ({ page }) => {
  await page.goto("/");

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Coached 115+ aspiring SWEs")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /pricing/i }).first()).toHaveAttribute("href", "/pricing");

  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(footer.getByRole("link", { name: "Privacy", exact: true })).toHaveAttribute(
    "href",
    "/privacy",
  );
  for (const name of SOCIAL_LINKS) {
    const link = footer.getByRole("link", { name: new RegExp(`^${name}\\b`) });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(link).toHaveAttribute("href", /^https:\/\//);
  }
});

test("desktop header shows every section and the client portal", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");

  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, href] of NAV_LINKS) {
    const link = nav.getByRole("link", { name, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
});

test("mobile menu opens as a dialog that keeps focus, closes with Escape and navigates", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  const trigger = page.getByRole("button", { name: "Open menu" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  for (const [name, href] of NAV_LINKS) {
    await expect(dialog.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  expect(await focusIsWithin(dialog), "focus moves into the dialog").toBe(true);

  // Focus must wrap, never leave.
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 1; press <= 14; press++) {
      await page.keyboard.press(key);
      expect(await focusIsWithin(dialog), `focus after ${press} × ${key}`).toBe(true);
    }
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByRole("link", { name: "Client Portal" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeVisible();
});

test("on a phone the menu opens from the keyboard, keeps focus and closes with Escape", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/");

  const trigger = await openMenuFromKeyboard(page);
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expectMenuWorksFromKeyboard(page, dialog, trigger);
});

test("on a phone the menu opens, navigates and closes with JavaScript off", async ({ newPage }) => {
  const page = await newPage({ javaScriptEnabled: false, viewport: PHONE });
  await page.goto("/about");
  const trigger = page.getByRole("button", { name: "Open menu" });
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await trigger.click();
  await expect(dialog).toBeVisible();
  for (const [name, href] of NAV_LINKS) {
    await expect(dialog.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(dialog.getByRole("group", { name: "Theme" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close menu" }).click();
  await expect(dialog).toBeHidden();
  await trigger.click();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await trigger.click();
  await dialog.getByRole("link", { name: "Pricing", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("on a page React has not woken (the demo) the phone menu works from the keyboard, and still does once React is there", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // The first key press wakes the page (app/enhancers/wake.ts): hold React back, to use the menu first.
  const react = await holdReact(page);
  await page.goto(DEMO);
  const trigger = await openMenuFromKeyboard(page);
  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expectMenuWorksFromKeyboard(page, dialog, trigger);
  expect(await runsReact(page), "the FAQ is a page without React").toBe(false);

  react.release();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await gotoHydrated(page, DEMO);
  await expectMenuWorksFromKeyboard(page, dialog, await openMenuFromKeyboard(page));
});

test("on a phone, the theme chosen in the menu shows as chosen and is applied", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/");

  await page.getByRole("button", { name: "Open menu" }).click();
  const themes = page.getByRole("dialog", { name: "Menu" }).getByRole("group", { name: "Theme" });
  await expect(themes.getByRole("radio", { name: "Dark" })).toBeChecked();
  await themes.getByText("Light", { exact: true }).click();

  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(themes.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(themes.getByRole("radio", { name: "Dark" })).not.toBeChecked();
});

test("theme is dark by default and a light choice survives a reload without a dark flash", async ({
  page,
}) => {
  await page.addInitScript(recordThemeBeforeFirstPaint);
  await gotoHydrated(page, "/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark\b/);
  const themes = page.getByRole("group", { name: "Theme" });
  await expect(themes.getByRole("radio", { name: "Dark" })).toBeChecked();

  await chooseTheme(page, "Light");
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toEqual({ local: "light", cookie: "light" });

  await page.reload();
  expect(
    (await themeSamples(page)).filter((s) => s.dark),
    "dark samples after choosing light",
  ).toEqual([]);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(themes.getByRole("radio", { name: "Light" })).toBeChecked();

  await chooseTheme(page, "Dark");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toEqual({ local: "dark", cookie: "dark" });

  await page.reload();
  expect(
    (await themeSamples(page)).filter((s) => !s.dark),
    "light samples after choosing dark",
  ).toEqual([]);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(themes.getByRole("radio", { name: "Dark" })).toBeChecked();
});

test("an unknown address answers 404 with a way back home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);

  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  const home = page.getByRole("main").getByRole("link", { name: /home page/i });
  await expect(home).toHaveAttribute("href", "/");
  // On a phone each way out reads on one line: side by side, each wrapped in two (decision 0051).
  await page.setViewportSize(PHONE_360);
  for (const link of [home, page.getByRole("main").getByRole("link", { name: "See pricing" })]) {
    const lines = await link.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, await link.innerText()).toBe(1);
  }
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("home page has no accessibility violations in the dark theme", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

test("home page has no accessibility violations in the light theme", async ({ page }) => {
  await gotoHydrated(page, "/");
  await chooseTheme(page, "Light");
  // Reload so no colour transition is half-way when axe measures contrast.
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

test("404 page has no accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoAxeViolations(page);
});
