// How a page looks to a person: a phone's width, the two themes, and accessibility (axe, WCAG 2.2 AA).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./support";

/** A phone's window: the narrowest the site is laid out for. */
export const PHONE_360 = { width: 360, height: 780 };

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

/** Dark is the site's default, left as it is; light: a cookie for the server's first paint, storage for the script. */
export async function chooseTheme(page: Page, baseURL: string | undefined, theme: "dark" | "light") {
  if (theme === "dark") return;
  await page.context().addCookies([{ name: "theme", value: "light", url: baseURL ?? "" }]);
  // The top document only: a sandboxed frame (an email preview's) may not touch storage.
  await page.addInitScript(() => {
    if (window.top === window) localStorage.setItem("theme", "light");
  });
}

/** The theme the page is drawn in: `html` has the `dark` class in the dark theme only. */
export async function expectTheme(page: Page, theme: "dark" | "light") {
  const html = page.locator("html");
  if (theme === "dark") await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
}

/** A page drawn in `theme`, with no accessibility violations in it: each theme is checked so. */
export async function expectAccessibleIn(page: Page, theme: "dark" | "light") {
  await expectTheme(page, theme);
  await expectNoAxeViolations(page);
}

/** What every page shown on a 360 px phone must hold: nothing past the right edge, no accessibility violations. */
export async function expectFitsPhone(page: Page, label: string, axe?: { exclude?: string }) {
  await expectNoSidewaysScroll(page, label);
  await expectNoAxeViolations(page, axe);
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
