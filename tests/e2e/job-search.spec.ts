import type { Page } from "@playwright/test";
import { uniqueId } from "../support/text";
import { expectNoSidewaysScroll, PHONE_360 } from "./appearance";
import { PEOPLE, signedInPage } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// The job search, phase 1 (docs/decisions/0053-job-search.md): a client on a 360 px phone adds an
// application, moves it to "Onsite / loop" with the keyboard alone and reads its history; then the same
// without JavaScript, as plain forms. Sofia's board is shared with no other spec; each test finds its own
// application by a unique company name.

const CLIENT = PEOPLE.premiumClient;
const ROLE = "Backend engineer";

const column = (page: Page, stage: string) => page.getByRole("region", { name: stage, exact: true });

async function addApplication(page: Page, company: string, link = "") {
  const add = page.locator("details").filter({ has: page.getByText("Add an application", { exact: true }) });
  if (!(await add.evaluate((details) => (details as HTMLDetailsElement).open)))
    await add.getByText("Add an application", { exact: true }).click();
  await add.getByRole("textbox", { name: "Company" }).fill(company);
  await add.getByRole("textbox", { name: "Role" }).fill(ROLE);
  await add.getByRole("textbox", { name: "Link to the posting (optional)" }).fill(link);
  await add.getByRole("radio", { name: "Referral" }).check();
  await add.getByRole("button", { name: "Add application" }).click();
}

async function expectHistory(page: Page, company: string) {
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveText([/Added as Applied$/, /Applied → Onsite \/ loop$/]);
  // Each move is dated (a <time> the browser writes in the reader's zone).
  await expect(history.locator("time")).toHaveCount(2);
}

test("on a 360 px phone a client adds an application, moves it to Onsite / loop by keyboard alone, and sees its history", async ({
  newPage,
}) => {
  const { page } = await signedInPage(newPage, CLIENT, "/applications", { viewport: PHONE_360 });
  await expect(page.getByRole("link", { name: "Job search" })).toHaveAttribute("aria-current", "page");
  const company = `Acme ${uniqueId()}`;
  await addApplication(page, company);
  await expect(page.getByRole("status").filter({ hasText: `Added ${company}.` })).toBeVisible();

  const card = column(page, "Applied").getByRole("article", { name: `${company}, ${ROLE}` });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page, "the board");

  // Keyboard only: from the card's link, Tab to its "Move to", arrow down to "Onsite / loop", Tab to Move.
  await card.getByRole("link", { name: company }).focus();
  await page.keyboard.press("Tab");
  const moveTo = card.getByRole("combobox", { name: /^Move to/ });
  await expect(moveTo).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(moveTo).toHaveValue("onsite");
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Move" })).toBeFocused();
  await page.keyboard.press("Enter");

  const moved = column(page, "Onsite / loop").getByRole("article", { name: `${company}, ${ROLE}` });
  await expect(moved).toBeVisible();
  await expect(column(page, "Applied").getByRole("article", { name: `${company}, ${ROLE}` })).toHaveCount(0);
  await expect(moved).toContainText("0 days in stage");

  await moved.getByRole("link", { name: company }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
  await expectHistory(page, company);
  await expectNoSidewaysScroll(page, "the application's page");

  // The list on a phone: each application a card as wide as the screen, not a table to scroll sideways.
  await gotoHydrated(page, "/applications?view=list");
  const row = page.getByRole("row").filter({ hasText: company });
  await expect(row).toContainText("Onsite / loop");
  const table = await page.getByRole("table", { name: "Applications" }).boundingBox();
  expect(table?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(PHONE_360.width);
  // Scrolled to (the list sits below the page's links and filters on a phone): nothing of it off to the side.
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole("combobox", { name: /^Move to/ })).toBeInViewport();
});

test("without JavaScript the same add and move are plain forms, and the list keeps its filter in the URL", async ({
  newPage,
}) => {
  const phone = { viewport: PHONE_360, javaScriptEnabled: false };
  const { page } = await signedInPage(newPage, CLIENT, "/applications", phone);
  const company = `Globex ${uniqueId()}`;
  // A javascript: link passes the browser's own check: the server refuses it, says why, stores nothing.
  await addApplication(page, company, "javascript:alert(1)");
  await expect(page.getByRole("alert")).toHaveText("Enter a link that starts with https:// or http://");
  await expect(page.getByRole("article", { name: `${company}, ${ROLE}` })).toHaveCount(0);
  await addApplication(page, company, "https://jobs.example.com/globex");
  const card = column(page, "Applied").getByRole("article", { name: `${company}, ${ROLE}` });
  await expect(card).toBeVisible();

  await card.getByRole("combobox", { name: /^Move to/ }).selectOption({ label: "Onsite / loop" });
  await card.getByRole("button", { name: "Move" }).click();
  const moved = column(page, "Onsite / loop").getByRole("article", { name: `${company}, ${ROLE}` });
  await expect(moved).toBeVisible();

  // The list, filtered to the stage, by a GET form: the URL says what is shown.
  await page.getByRole("link", { name: "List", exact: true }).click();
  const filter = page.getByRole("search", { name: "Filter and sort" });
  await filter.getByRole("combobox", { name: "Stage", exact: true }).selectOption({ label: "Onsite / loop" });
  await filter.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/applications\?view=list&stage=onsite&sort=date$/);
  const row = page.getByRole("row").filter({ hasText: company });
  await expect(row).toContainText("Onsite / loop");

  await row.getByRole("link", { name: company }).click();
  await expectHistory(page, company);
});
