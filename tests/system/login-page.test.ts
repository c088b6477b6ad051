import { type Browser, chromium } from "@playwright/test";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import { serversForFile } from "../support/server-file";
import { startServer } from "../support/server-process";

// /login shows what works on this server (docs/decisions/0051-finished-screens.md): with no OpenID Connect
// client there is no Google button to press and be told it isn't configured; the local sign-in is the
// page's way in, and on a 390 px phone a person's name never runs into their role and plan.

serversForFile();

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

test("without a Google client, /login offers the local sign-in only, each person's name clear of their role at 390 px", async () => {
  const server = await startServer({ timeoutMs: 180_000 });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole("heading", { name: "Welcome to your Client Portal" }).waitFor();
  expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);

  const people = page.getByRole("button", { name: /^Sign in as / });
  expect(await people.count()).toBeGreaterThan(5);
  // The page's first button is a local one: it is what works here.
  expect(await page.getByRole("main").getByRole("button").first().innerText()).toMatch(/^Sign in as /);
  const layouts = await people.evaluateAll((buttons) =>
    buttons.map((button) => {
      const [name, role] = [...button.children].map((part) => part.getBoundingClientRect());
      return {
        text: button.textContent,
        // Side by side with room between them, or the role on a line of its own.
        clear: !!name && !!role && (role.left - name.right >= 8 || role.top >= name.bottom - 1),
      };
    }),
  );
  expect(layouts.filter((layout) => !layout.clear)).toEqual([]);
  await context.close();
}, 300_000);
