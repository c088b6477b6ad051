import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import {
  expect as baseExpect,
  chooseLightTheme,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  freshIdentity,
  gotoHydrated,
  type NamedIdentity,
  PEOPLE,
  region,
  signedInPage,
  signIn,
  test,
} from "./support";

// The admin area as coach and admin use it (docs/product/screens.md and roles.md). Other specs add people
// meanwhile, so every person this spec changes is a fresh lead, and seeded people are only looked at.

// The machine is shared and busy: wait generously on the server, never with fixed sleeps.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const PHONE_360 = { width: 360, height: 780 };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const unique = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

async function makeLead(
  browser: Browser,
  baseURL: string | undefined,
  prefix: string,
): Promise<NamedIdentity> {
  const who = freshIdentity(prefix);
  const { context } = await signedInPage(browser, baseURL, who, "/dashboard");
  await context.close();
  return who;
}

/** So the in-between state can be seen. */
async function holdPosts(page: Page, pathname: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matcher = (url: URL) => url.pathname === pathname;
  await page.route(matcher, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.fallback();
  });
  return {
    release: async () => {
      release();
      await page.unroute(matcher);
    },
  };
}

const filters = (page: Page) => page.getByRole("navigation", { name: "Filter" });
const filterLink = (page: Page, label: "Leads" | "Clients" | "All") =>
  filters(page).getByRole("link", { name: new RegExp(`^${label} \\(\\d+\\)$`) });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search name or email" });
const listCaption = (page: Page) => page.getByRole("table").locator("caption");
const peopleRows = (page: Page) => page.getByRole("table").locator("tbody > tr");
const rowOf = (page: Page, email: string) =>
  peopleRows(page).filter({ has: page.getByRole("cell", { name: email, exact: true }) });

async function countOf(page: Page, label: "Leads" | "Clients" | "All"): Promise<number> {
  const text = (await filterLink(page, label).innerText()).trim();
  const match = text.match(/\((\d+)\)$/);
  if (!match) throw new Error(`no count in "${text}"`);
  return Number(match[1]);
}

async function expectCounts(page: Page, counts: { leads: number; clients: number; all: number }) {
  await expect(filterLink(page, "Leads")).toHaveText(`Leads (${counts.leads})`);
  await expect(filterLink(page, "Clients")).toHaveText(`Clients (${counts.clients})`);
  await expect(filterLink(page, "All")).toHaveText(`All (${counts.all})`);
}

async function rowCells(row: Locator): Promise<string[]> {
  return (await row.getByRole("cell").allInnerTexts()).slice(0, 4).map((text) => text.trim());
}

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect
    .poll(() => new URL(page.url()).searchParams.get("q") ?? "", { message: "the search reached the URL" })
    .toBe(text);
  // The caption names the search the rows are for, so the rows read next are not the previous search's.
  if (text) await expect(listCaption(page)).toContainText(`matching “${text}”`);
  else await expect(listCaption(page)).not.toContainText("matching");
}

const quotaBar = (page: Page, label: string) => page.getByRole("progressbar", { name: label, exact: true });
const quotaCard = (page: Page, label: string) =>
  region(page, "Quotas")
    .locator("div.rounded-xl")
    .filter({ has: page.getByRole("heading", { level: 3, name: label, exact: true }) });
const plusOne = (page: Page, label: string) =>
  quotaCard(page, label).getByRole("button", { name: /^(\+1|Add one)/ });
const minusOne = (page: Page, label: string) =>
  quotaCard(page, label).getByRole("button", { name: /^(-1|−1|Remove one)/ });
const specialRow = (page: Page, label: string) =>
  region(page, "Special items")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
const homeworkItem = (page: Page, title: string, section: "Homework" | "To review" = "Homework") =>
  region(page, section)
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) });

test("the admin home links to Add Lesson and Leads & Clients, without accessibility violations", async ({
  page,
  baseURL,
}) => {
  await signIn(page, PEOPLE.admin, { from: "/login?redirectTo=/admin", expectPath: "/admin" });
  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Add Lesson/ })).toHaveAttribute("href", "/admin/lessons/new");
  const people = page.getByRole("link", { name: /^Leads & Clients/ });
  await expect(people).toHaveAttribute("href", "/admin/clients");
  await expect(people).toContainText("Open any lead or client; convert leads, set plans, track sessions");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);

  const leadsCard = page.getByRole("link", { name: /^Leads: \d+$/ });
  await expect(leadsCard).toHaveAttribute("href", "/admin/clients?filter=leads");
  const label = await page.locator("dt", { hasText: /^Leads$/ }).boundingBox();
  if (!label) throw new Error("no 'Leads' label on the admin home");
  await page.mouse.click(label.x + label.width / 2, label.y + label.height / 2);
  await expect(page).toHaveURL(/\/admin\/clients\?filter=leads$/);
  await gotoHydrated(page, "/admin");

  await people.click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();

  await chooseLightTheme(page, baseURL);
  await gotoHydrated(page, "/admin");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);

  await expect(page.getByRole("link", { name: /^Homework awaiting review: \d+$/ })).toHaveAttribute(
    "href",
    "/admin/homework",
  );
  await gotoHydrated(page, "/admin/homework");
  await expect(page.getByRole("heading", { level: 1, name: "Homework awaiting review" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a coach's admin home promises only what a coach may do", async ({ page }) => {
  await signIn(page, PEOPLE.coach, { from: "/login?redirectTo=/admin", expectPath: "/admin" });
  await gotoHydrated(page, "/admin");
  const people = page.getByRole("link", { name: /^Leads & Clients/ });
  await expect(people).toContainText(
    "Open any lead or client; assign and review homework and share resources.",
  );
  for (const notTheirs of ["Convert leads", "convert leads", "set plans", "track sessions", "log activity"]) {
    await expect(page.getByRole("main")).not.toContainText(notTheirs);
  }
});

test("Leads & Clients: filters with counts, case-insensitive search, empty states, plan column, 'Open'", async ({
  page,
  browser,
  baseURL,
}) => {
  const lead = await makeLead(browser, baseURL, "Listed");
  await signIn(page, PEOPLE.admin, { from: "/login?redirectTo=/admin", expectPath: "/admin" });
  await gotoHydrated(page, "/admin/clients");
  await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute("placeholder", "Search name or email…");
  for (const name of ["Name", "Email", "Role", "Plan", "Actions"]) {
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  }

  // Other specs add leads while this runs: counts are checked for what must hold whatever they add.
  await expect(filterLink(page, "All")).toHaveAttribute("aria-current", "page");
  const leads = await countOf(page, "Leads");
  const clients = await countOf(page, "Clients");
  expect(leads).toBeGreaterThanOrEqual(3); // two seeded leads and ours
  expect(clients).toBeGreaterThanOrEqual(3);
  expect(await countOf(page, "All")).toBe(leads + clients);
  const allRows = await peopleRows(page).count();
  expect(allRows).toBe(Math.min(50, leads + clients));
  for (const row of await peopleRows(page).all()) {
    const [name, email, role, plan] = await rowCells(row);
    expect(name, email).not.toBe("");
    expect(["lead", "client"], `role of ${email}`).toContain(role);
    expect(plan, `plan of ${email}`).toMatch(role === "lead" ? /^—$/ : /^(BASIC|PRO|PREMIUM)$/);
    await expect(row.getByRole("link", { name: "Open", exact: true })).toHaveAttribute(
      "href",
      /^\/admin\/clients\/[0-9a-f-]{36}$/,
    );
    await expect(row.getByRole("button", { name: "Convert to client" })).toHaveCount(role === "lead" ? 1 : 0);
  }
  for (const email of ["admin@example.com", "coach@example.com"])
    await expect(rowOf(page, email)).toHaveCount(0);

  await filterLink(page, "Clients").click();
  await expect(page).toHaveURL(/[?&]filter=clients/);
  await expect(filterLink(page, "Clients")).toHaveAttribute("aria-current", "page");
  await expect(listCaption(page)).toHaveText(/^Clients,/);
  for (const row of await peopleRows(page).all()) expect((await rowCells(row))[2]).toBe("client");
  await expect(rowOf(page, "daniel.okafor@example.com")).toHaveCount(1);
  await filterLink(page, "Leads").click();
  await expect(page).toHaveURL(/[?&]filter=leads/);
  await expect(listCaption(page)).toHaveText(/^Leads,/);
  for (const row of await peopleRows(page).all()) expect((await rowCells(row))[2]).toBe("lead");
  await search(page, lead.email);
  await expect(page).toHaveURL(/[?&]filter=leads/);
  await expect(peopleRows(page)).toHaveCount(1);
  await expect(rowOf(page, lead.email)).toHaveCount(1);
  await search(page, "daniel.okafor");
  await expect(page.getByRole("cell", { name: "No matches for your search.", exact: true })).toBeVisible();
  await expectCounts(page, { leads: 0, clients: 1, all: 1 });
  await search(page, "noah.k@");
  expect(await rowCells(rowOf(page, "noah.k@example.com"))).toEqual(["—", "noah.k@example.com", "lead", "—"]);

  await filterLink(page, "All").click();
  await expect(page).not.toHaveURL(/filter=/);
  await expect(filterLink(page, "All")).toHaveAttribute("aria-current", "page");
  await search(page, lead.name.toUpperCase());
  await expect(peopleRows(page)).toHaveCount(1);
  expect(await rowCells(rowOf(page, lead.email))).toEqual([lead.name, lead.email, "lead", "—"]);
  await expectCounts(page, { leads: 1, clients: 0, all: 1 });
  await search(page, lead.email.toUpperCase());
  await expect(rowOf(page, lead.email)).toHaveCount(1);
  await expect(peopleRows(page)).toHaveCount(1);
  await search(page, "oKaFoR");
  await expect(peopleRows(page)).toHaveCount(1);
  expect(await rowCells(rowOf(page, "daniel.okafor@example.com"))).toEqual([
    "Daniel Okafor",
    "daniel.okafor@example.com",
    "client",
    "PRO",
  ]);
  await search(page, "coach@example.com");
  await expect(page.getByRole("cell", { name: "No matches for your search." })).toBeVisible();

  await search(page, `nobody-${randomUUID()}`);
  await expect(page.getByRole("cell", { name: "No matches for your search.", exact: true })).toBeVisible();
  await expectCounts(page, { leads: 0, clients: 0, all: 0 });
  await search(page, "");
  await expect(page.getByText("No matches for your search.")).toHaveCount(0);
  await expect(peopleRows(page).first()).toBeVisible();

  await search(page, lead.email);
  await rowOf(page, lead.email).getByRole("link", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  await page.getByRole("link", { name: "← Back to Clients" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();
});

test("Leads & Clients has no accessibility violations in dark and light, and works at 360 px", async ({
  page,
  baseURL,
}) => {
  await signIn(page, PEOPLE.admin, {
    from: "/login?redirectTo=/admin/clients",
    expectPath: "/admin/clients",
  });
  await gotoHydrated(page, "/admin/clients");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(peopleRows(page).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await gotoHydrated(page, `/admin/clients?q=nobody-${randomUUID()}`);
  await expect(page.getByText("No matches for your search.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize(PHONE_360);
  await gotoHydrated(page, "/admin/clients");
  await expect(peopleRows(page).first()).toBeVisible();
  await expectNoSidewaysScroll(page, "/admin/clients");
  // The email is a link too, for when 'Open' is scrolled out of sight.
  const email = peopleRows(page).first().getByRole("cell").nth(1).getByRole("link");
  await expect(email).toBeInViewport();
  await expect(email).toHaveAttribute("href", /^\/admin\/clients\/[0-9a-f-]{36}$/);
  const container = page.getByRole("table").locator("xpath=..");
  const scroll = await container.evaluate((element) => {
    const before = element.scrollLeft;
    element.scrollLeft = 10_000;
    return {
      overflowX: getComputedStyle(element).overflowX,
      wider: element.scrollWidth > element.clientWidth,
      moved: element.scrollLeft > before,
    };
  });
  expect(scroll).toEqual({ overflowX: "auto", wider: true, moved: true });
  await expectNoSidewaysScroll(page, "/admin/clients after scrolling the table");
  await expect(searchBox(page)).toBeVisible();
  await expect(filterLink(page, "All")).toBeVisible();
  await expect(filterLink(page, "All")).toBeInViewport();

  await chooseLightTheme(page, baseURL);
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/admin/clients");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(peopleRows(page).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a 'Convert to client' the server refuses shows its error in red above the table, and clears on a new search", async ({
  page,
  browser,
  baseURL,
}) => {
  const lead = await makeLead(browser, baseURL, "Raced");
  await signIn(page, PEOPLE.admin, { from: "/login?redirectTo=/admin", expectPath: "/admin" });
  // This tab hears no live updates, so it still offers a conversion another tab already did.
  await page.route(
    (url) => url.pathname === "/events",
    (route) => route.abort(),
  );
  await gotoHydrated(page, "/admin/clients");
  await search(page, lead.email);
  const row = rowOf(page, lead.email);
  await expect(row.getByRole("button", { name: "Convert to client" })).toBeVisible();

  const other = await page.context().newPage();
  await gotoHydrated(other, "/admin/clients");
  await search(other, lead.email);
  await rowOf(other, lead.email).getByRole("button", { name: "Convert to client" }).click();
  await expect(rowOf(other, lead.email).getByRole("cell").nth(2)).toHaveText("client");
  await other.close();

  await row.getByRole("button", { name: "Convert to client" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Only a lead can be converted to a client." });
  await expect(alert).toBeVisible();
  await expect(row.getByRole("alert")).toHaveCount(0);
  const [alertBox, tableBox] = [await alert.boundingBox(), await page.getByRole("table").boundingBox()];
  expect(alertBox && tableBox && alertBox.y + alertBox.height <= tableBox.y).toBe(true);
  const [red = 0, green = 0, blue = 0] = await alert.evaluate((element) => {
    // The computed colour may be oklch(); a canvas pixel is sRGB.
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return [];
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data];
  });
  expect(red, `rgb(${red}, ${green}, ${blue})`).toBeGreaterThan(Math.max(green, blue) * 1.5);

  await search(page, "");
  await expect(page.getByText("Only a lead can be converted to a client.")).toHaveCount(0);
});

test("a client detail page that can't load says why in the server's words, with the way back", async ({
  page,
}) => {
  await signIn(page, PEOPLE.coach, { from: "/login?redirectTo=/admin", expectPath: "/admin" });
  for (const path of [`/admin/clients/${randomUUID()}`, "/admin/clients/not-a-person"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("alert").filter({ hasText: "No one with that id." })).toBeVisible();
    await page.getByRole("link", { name: "← Back to Clients" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();
  }
});

test("from lead to reviewed homework: convert, plan, quotas, special items, activity, homework, and what the client sees", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const person = await makeLead(browser, baseURL, "Flow");
  const activityTitle = unique("Referral sent");
  const activityLink = `https://example.com/jobs/${randomUUID().slice(0, 8)}`;
  const homeworkTitle = unique("Rewrite your resume bullets");
  const feedback = unique("Much sharper: lead with impact");
  const contexts: BrowserContext[] = [];
  // Links open in a new tab, which must not depend on the internet.
  await page
    .context()
    .route(/^https:\/\/example\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Example</title><p>ok</p>" }),
    );

  try {
    await test.step("the admin signs in and finds the new lead", async () => {
      await signIn(page, PEOPLE.admin, { from: "/login?redirectTo=/admin", expectPath: "/admin" });
      await gotoHydrated(page, "/admin");
      await page.getByRole("link", { name: /^Leads & Clients/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();
      await search(page, person.email);
      await expect(peopleRows(page)).toHaveCount(1);
      expect(await rowCells(rowOf(page, person.email))).toEqual([person.name, person.email, "lead", "—"]);
      await expectCounts(page, { leads: 1, clients: 0, all: 1 });
    });

    await test.step("'Convert to client' shows '…' while working, then the row is a BASIC client in place", async () => {
      const url = page.url();
      const row = rowOf(page, person.email);
      const hold = await holdPosts(page, "/admin/clients.data");
      await row.getByRole("button", { name: "Convert to client" }).click();
      await expect(row.getByRole("button", { name: "…", exact: true })).toBeDisabled();
      await hold.release();
      await expect(row.getByRole("cell").nth(2)).toHaveText("client");
      await expect(row.getByRole("cell").nth(3)).toHaveText("BASIC");
      await expect(row.getByRole("button")).toHaveCount(0);
      await expect(row.getByRole("alert")).toHaveCount(0);
      await expectCounts(page, { leads: 0, clients: 1, all: 1 });
      expect(page.url()).toBe(url);
    });

    await test.step("open it: Basic has a mock interview and the four reviews, no sessions", async () => {
      await rowOf(page, person.email).getByRole("link", { name: "Open", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
      await expect(page.getByText(person.email, { exact: true })).toBeVisible();
      await expect(page.getByLabel("Role", { exact: true })).toHaveValue("client");
      await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("basic");
      await expect(quotaBar(page, "Mock interview")).toHaveAttribute("aria-valuetext", "0 of 1 used");
      await expect(quotaBar(page, "30-minute coaching session")).toHaveCount(0);
      await expect(region(page, "Special items").getByRole("listitem")).toHaveCount(4);
      await expect(page.getByText("No activity yet.", { exact: true })).toBeVisible();
      await expect(region(page, "Audit trail")).toContainText("Converted to client");
    });

    const detailPath = new URL(page.url()).pathname;

    await test.step("set the plan to Pro: both dropdowns wait while saving, then sessions 0/4 appear", async () => {
      await gotoHydrated(page, detailPath);
      const hold = await holdPosts(page, `${detailPath}.data`);
      await page.getByLabel("Plan", { exact: true }).selectOption("pro");
      await expect(page.getByLabel("Plan", { exact: true })).toBeDisabled();
      await expect(page.getByLabel("Role", { exact: true })).toBeDisabled();
      await hold.release();
      await expect(quotaBar(page, "30-minute coaching session")).toHaveAttribute(
        "aria-valuetext",
        "0 of 4 used",
      );
      await expect(quotaBar(page, "Mock interview")).toHaveAttribute("aria-valuetext", "0 of 3 used");
      await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("pro");
      await expect(page.getByLabel("Plan", { exact: true })).toBeEnabled();
      await expect(region(page, "Special items").getByRole("listitem")).toHaveCount(7);
      await expect(specialRow(page, "Local networking events list")).toHaveCount(0);
    });

    await test.step("+1 and −1 on sessions; −1 is disabled at 0", async () => {
      const plus = plusOne(page, "30-minute coaching session");
      const minus = minusOne(page, "30-minute coaching session");
      await expect(plus).toHaveText(/^\+1( |$)/);
      await expect(minus).toHaveText(/^-1( |$)/);
      const bar = quotaBar(page, "30-minute coaching session");
      await expect(minus).toBeDisabled();
      await plus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "1 of 4 used");
      await expect(bar).toHaveAttribute("aria-valuenow", "25");
      await expect(minus).toBeEnabled();
      await minus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "0 of 4 used");
      await expect(minus).toBeDisabled();
      await plus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "1 of 4 used");
      await expect(minus).toBeEnabled();
      const hold = await holdPosts(page, `${detailPath}.data`);
      await plus.click();
      await expect(plus).toBeDisabled();
      await expect(minus).toBeDisabled();
      await expect(plusOne(page, "Mock interview")).toBeDisabled();
      await expect(
        specialRow(page, "Resume review").getByRole("button", { name: "Mark done: Resume review" }),
      ).toBeDisabled();
      await hold.release();
      await expect(bar).toHaveAttribute("aria-valuetext", "2 of 4 used");
      await expect(plusOne(page, "Mock interview")).toBeEnabled();
      await minus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "1 of 4 used");
      await expect(minus).toBeEnabled();
    });

    await test.step("'Mark done' and 'Undo' on Resume review", async () => {
      const row = specialRow(page, "Resume review");
      await expect(row).toContainText("Pending");
      await row.getByRole("button", { name: "Mark done: Resume review" }).click();
      await expect(row).toContainText("✓ Completed");
      await expect(row.getByRole("button", { name: "Undo: Resume review" })).toBeVisible();
      await row.getByRole("button", { name: "Undo: Resume review" }).click();
      await expect(row).toContainText("Pending");
      await expect(row).not.toContainText("Completed");
      await expect(row.getByRole("button", { name: "Mark done: Resume review" })).toBeVisible();
      const linkedin = specialRow(page, "LinkedIn review");
      await linkedin.getByRole("button", { name: "Mark done: LinkedIn review" }).click();
      await expect(linkedin).toContainText("✓ Completed");
    });

    await test.step("add an activity: a blank title is refused; the link is labelled by its url, in a new tab", async () => {
      const activity = region(page, "Recent activity");
      const title = activity.getByRole("textbox", { name: "Activity title" });
      await activity.getByRole("button", { name: "Add activity" }).click();
      await expect(activity.getByRole("alert")).toHaveText("Activity title is required.");
      await expect(page.getByText("No activity yet.", { exact: true })).toBeVisible();

      await title.fill(activityTitle);
      await activity.getByRole("textbox", { name: "Details (optional)" }).fill("Sent to the hiring manager.");
      await activity.getByRole("textbox", { name: "Link (optional)" }).fill(activityLink);
      await activity.getByRole("button", { name: "Add activity" }).click();
      const entry = activity.getByRole("listitem").filter({ hasText: activityTitle });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText("Sent to the hiring manager.");
      await expect(activity.getByRole("alert")).toHaveCount(0);
      await expect(title).toHaveValue("");
      const link = entry.getByRole("link", { name: new RegExp(`^${escapeRegExp(activityLink)}`) });
      await expect(link).toHaveAttribute("href", activityLink);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      const popup = page.waitForEvent("popup");
      await link.click();
      const tab = await popup;
      await tab.waitForLoadState();
      expect(tab.url()).toBe(activityLink);
      await tab.close();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(detailPath)}$`));
    });

    await test.step("assign homework", async () => {
      const section = region(page, "Homework");
      await section.getByRole("textbox", { name: "Homework title" }).fill(homeworkTitle);
      await section.getByLabel("Due date (optional)").fill("2030-01-15");
      await section
        .getByRole("textbox", { name: "Description (optional)" })
        .fill("Three bullets, with numbers.");
      await section.getByRole("button", { name: "Assign homework" }).click();
      const item = homeworkItem(page, homeworkTitle);
      await expect(item).toContainText("Assigned");
      await expect(item).toContainText("Three bullets, with numbers.");
      await expect(section.getByRole("textbox", { name: "Homework title" })).toHaveValue("");
    });

    await test.step("the client hands it in on /homework", async () => {
      const client = await signedInPage(browser, baseURL, person, "/homework");
      contexts.push(client.context);
      const article = client.page.getByRole("article", { name: homeworkTitle });
      await expect(article).toContainText("Assigned");
      await article
        .getByRole("textbox", { name: "Link (optional)" })
        .fill("https://example.com/my-resume-v2");
      await article.getByRole("textbox", { name: "Note (optional)" }).fill("Rewrote all three.");
      await article.getByRole("button", { name: "Submit" }).click();
      await expect(article.getByText("Handed in. Your coach will review it.")).toBeVisible();
      await expect(article).toContainText("Submitted");
    });

    await test.step("back as admin: the admin home's 'Homework awaiting review' leads to it", async () => {
      await gotoHydrated(page, "/admin");
      await page.getByRole("link", { name: /^Homework awaiting review: \d+$/ }).click();
      await expect(page).toHaveURL(/\/admin\/homework$/);
      await expect(page.getByRole("heading", { level: 1, name: "Homework awaiting review" })).toBeVisible();
      // The order, longest-waiting first, is tested against the database.
      const waiting = page.getByRole("listitem").filter({ hasText: homeworkTitle });
      await expect(waiting).toContainText(person.email);
      await waiting.getByRole("link", { name: homeworkTitle }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(detailPath)}#review$`));
    });

    await test.step("'Mark reviewed' with feedback", async () => {
      await gotoHydrated(page, detailPath);
      const item = homeworkItem(page, homeworkTitle);
      await expect(item).toContainText("Submitted");
      await expect(item).toContainText("Rewrote all three.");
      const waiting = homeworkItem(page, homeworkTitle, "To review");
      await expect(waiting).toContainText("Rewrote all three.");
      await waiting
        .getByRole("textbox", { name: `Feedback for ${homeworkTitle} (the client sees it)` })
        .fill(feedback);
      await waiting.getByRole("button", { name: "Mark reviewed" }).click();
      await expect(item).toContainText("Reviewed");
      await expect(item).toContainText(`Feedback: ${feedback}`);
      await expect(waiting).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Mark reviewed" })).toHaveCount(0);
    });

    await test.step("the client sees the feedback, the activity, the plan and the quotas", async () => {
      const client = contexts[0]?.pages()[0];
      if (!client) throw new Error("the client's page is gone");
      await gotoHydrated(client, "/homework");
      const article = client.getByRole("article", { name: homeworkTitle });
      await expect(article).toContainText("Reviewed");
      await expect(article).toContainText("Coach's feedback");
      await expect(article).toContainText(feedback);

      await gotoHydrated(client, "/dashboard");
      await expect(client.getByRole("complementary", { name: "Demo" })).toHaveCount(0);
      await expect(quotaBar(client, "30-minute coaching session")).toHaveAttribute(
        "aria-valuetext",
        "1 of 4 used",
      );
      await expect(quotaBar(client, "Mock interview")).toHaveAttribute("aria-valuetext", "0 of 3 used");
      const specials = region(client, "Reviews and extras");
      await expect(specials.getByRole("listitem").filter({ hasText: "LinkedIn review" })).toContainText(
        "Completed",
      );
      await expect(specials.getByRole("listitem").filter({ hasText: "Resume review" })).toContainText(
        "Pending",
      );
      const entry = region(client, "Recent activity")
        .getByRole("listitem")
        .filter({ hasText: activityTitle });
      await expect(entry).toContainText("Sent to the hiring manager.");
      await expect(
        entry.getByRole("link", { name: new RegExp(`^${escapeRegExp(activityLink)}`) }),
      ).toHaveAttribute("target", "_blank");

      await gotoHydrated(client, "/plan");
      await expect(client.getByText("Tier: Pro")).toBeVisible();
    });

    await test.step("a coach sees the page with role and plan disabled and no admin controls, but assigns homework and adds a resource", async () => {
      const coach = await signedInPage(browser, baseURL, PEOPLE.coach, detailPath);
      contexts.push(coach.context);
      const c = coach.page;
      await expect(c.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
      await expect(c.getByLabel("Role", { exact: true })).toBeDisabled();
      await expect(c.getByLabel("Plan", { exact: true })).toBeDisabled();
      await expect(c.getByLabel("Plan", { exact: true })).toHaveValue("pro");
      await expect(c.getByText("Only an admin can change role and plan.")).toBeVisible();
      await expect(quotaBar(c, "30-minute coaching session")).toHaveAttribute(
        "aria-valuetext",
        "1 of 4 used",
      );
      await expect(quotaCard(c, "30-minute coaching session")).toBeVisible();
      await expect(region(c, "Quotas").getByRole("button")).toHaveCount(0);
      await expect(c.getByRole("button", { name: /^(Mark done|Undo)/ })).toHaveCount(0);
      await expect(specialRow(c, "LinkedIn review")).toContainText("✓ Completed");
      await expect(c.getByRole("button", { name: "Add activity" })).toHaveCount(0);
      await expect(c.getByRole("textbox", { name: "Activity title" })).toHaveCount(0);
      await expect(
        region(c, "Recent activity").getByRole("listitem").filter({ hasText: activityTitle }),
      ).toBeVisible();

      const coachHomework = unique("Two STAR stories");
      const section = region(c, "Homework");
      await section.getByRole("textbox", { name: "Homework title" }).fill(coachHomework);
      await section.getByRole("button", { name: "Assign homework" }).click();
      await expect(homeworkItem(c, coachHomework)).toContainText("Assigned");

      const resourceTitle = unique("Behavioural question bank");
      const resources = region(c, "Resources");
      await resources.getByLabel("Kind").selectOption("practice");
      await resources.getByRole("textbox", { name: "Resource title" }).fill(resourceTitle);
      await resources.getByRole("textbox", { name: "URL" }).fill("https://example.com/questions");
      await resources
        .getByRole("textbox", { name: "Tags (comma-separated, optional)" })
        .fill("Interviews, STAR");
      await resources.getByRole("button", { name: "Add resource" }).click();
      const added = resources.getByRole("listitem").filter({ hasText: resourceTitle });
      await expect(added).toContainText("Practice");
      await expect(added).toContainText("interviews, star");
      await expect(
        region(c, "Audit trail").getByRole("listitem").filter({ hasText: "Resource added" }),
      ).toContainText("Priya Raman");
    });

    await test.step("the audit trail lists the admin's changes", async () => {
      await gotoHydrated(page, detailPath);
      const trail = region(page, "Audit trail").getByRole("listitem");
      const byAdmin = trail.filter({ hasText: "Jordan Avery" });
      for (const [label, change] of [
        ["Converted to client", "role: lead → client"],
        ["Plan changed", "plan: — → pro"],
        ["Quota adjusted", "used: 0 → 1"],
        ["Quota adjusted", "used: 1 → 0"],
        ["Quota adjusted", "used: 1 → 2"],
        ["Quota adjusted", "used: 2 → 1"],
        ["Marked done", "kind: resume_review → resume_review"],
        ["Undone", "used: 1 → 0"],
        ["Activity added", activityTitle],
        ["Homework assigned", homeworkTitle],
        ["Homework reviewed", "status: submitted → reviewed"],
      ] as const) {
        await expect(
          byAdmin.filter({ hasText: label }).filter({ hasText: change }).first(),
          label,
        ).toBeVisible();
      }
      await expect(byAdmin.filter({ hasText: "Quota adjusted" })).toHaveCount(5);
      await expect(
        trail.filter({ hasText: "Homework assigned" }).filter({ hasText: "Priya Raman" }),
      ).toHaveCount(1);
    });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

async function openSofia(page: Page, path = "/admin/clients?q=sofia.alvarez") {
  await signIn(page, PEOPLE.admin, {
    from: `/login?${new URLSearchParams({ redirectTo: path })}`,
    expectPath: "/admin/clients",
  });
  await gotoHydrated(page, path);
  await rowOf(page, PEOPLE.premiumClient.email).getByRole("link", { name: "Open", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sofia Alvarez" })).toBeVisible();
  const detailPath = new URL(page.url()).pathname;
  await gotoHydrated(page, detailPath);
  await expect(quotaBar(page, "30-minute coaching session")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark reviewed" }).first()).toBeVisible();
  return detailPath;
}

test("the client detail page fits a 360 px wide phone: no sideways scroll, the controls whole", async ({
  page,
}) => {
  await page.setViewportSize(PHONE_360);
  const detailPath = await openSofia(page);
  await expectNoSidewaysScroll(page, detailPath);
  for (const control of [
    plusOne(page, "30-minute coaching session"),
    specialRow(page, "Resume review").getByRole("button"),
    page.getByRole("button", { name: "Add activity" }),
    page.getByRole("button", { name: "Mark reviewed" }).first(),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  await expectNoSidewaysScroll(page, `${detailPath} scrolled down`);
});

for (const theme of ["dark", "light"] as const) {
  test(`the client detail page has no accessibility violations in the ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    if (theme === "light") await chooseLightTheme(page, baseURL);
    await openSofia(page);
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expectNoAxeViolations(page);
  });
}
