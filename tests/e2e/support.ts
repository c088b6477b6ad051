import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

// Shared helpers for the end-to-end specs. No state lives here between tests.

export { expect };

/**
 * Playwright's `test`, plus a check that the page never threw an uncaught exception
 * (a broken hydration or event handler a person would meet as a dead button).
 */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
      await use(undefined);
      expect(errors, "uncaught exceptions in the page").toEqual([]);
    },
    { auto: true },
  ],
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
 * Opens `path` and waits until React has hydrated it: pre-rendered HTML arrives before its
 * JavaScript, and a click on an inert menu button or theme switch would do nothing.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => {
    const footer = document.querySelector("body > footer");
    return footer !== null && Object.keys(footer).some((key) => key.startsWith("__reactFiber$"));
  });
  return response;
}
