import { randomUUID } from "node:crypto";
import {
  countOf,
  expectCounts,
  filterLink,
  listCaption,
  makeLead,
  peopleRows,
  personIdOf,
  rowCells,
  rowOf,
  search,
  searchBox,
  sleepingLeadRow,
} from "./admin-pages";
import {
  chooseTheme,
  expectAccessibleIn,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  PHONE_360,
} from "./appearance";
import { openAs, PEOPLE, signIn } from "./sign-in";
import { postsNaming } from "./storm";
import { patientExpect as expect, gotoHydrated, markDocument, sameDocument, test } from "./support";

// Leads & Clients as the admin uses it (docs/product/screens.md and roles.md). Other specs add people
// meanwhile, so every person this spec changes is a fresh lead, and seeded people are only looked at.

test("Leads & Clients: filters with counts, case-insensitive search, empty states, plan column, 'Open'", async ({
  page,
  newPage,
}) => {
  const lead = await makeLead(newPage, "Listed");
  await signIn(page, PEOPLE.admin, { to: "/admin" });
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
  await openAs(page, PEOPLE.admin, "/admin/clients");
  await expect(peopleRows(page).first()).toBeVisible();
  await expectAccessibleIn(page, "dark");
  await gotoHydrated(page, `/admin/clients?q=nobody-${randomUUID()}`);
  await expect(page.getByText("No matches for your search.")).toBeVisible();
  await expectNoAxeViolations(page);

  // On a phone each person is a card: nothing to discover by scrolling sideways, the actions in sight.
  await page.setViewportSize(PHONE_360);
  await gotoHydrated(page, "/admin/clients?filter=leads");
  await expect(peopleRows(page).first()).toBeVisible();
  await expectNoSidewaysScroll(page, "/admin/clients");
  const widths = await page.evaluate(() => ({
    page: (document.scrollingElement ?? document.documentElement).scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, "the page is no wider than the window").toBeLessThanOrEqual(widths.window);
  const table = page.getByRole("table").locator("xpath=..");
  expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const card = peopleRows(page).first();
  await card.scrollIntoViewIfNeeded();
  for (const part of [
    card.getByRole("cell").nth(1).getByRole("link"),
    card.getByRole("link", { name: "Open", exact: true }),
    card.getByRole("button", { name: "Convert to client" }),
  ]) {
    await expect(part).toBeVisible();
    await expect(part).toBeInViewport({ ratio: 1 });
  }
  // The card names its role and plan (generated text; screen readers read the column headers instead).
  const labels = await card
    .getByRole("cell")
    .evaluateAll((cells) => cells.slice(2, 4).map((cell) => getComputedStyle(cell, "::before").content));
  expect(labels).toEqual([expect.stringContaining("Role"), expect.stringContaining("Plan")]);
  expect(await rowCells(card)).toEqual([expect.any(String), expect.any(String), "lead", "—"]);
  await expectNoAxeViolations(page);
  await expect(searchBox(page)).toBeVisible();
  await expect(filterLink(page, "All")).toBeVisible();
  await expect(filterLink(page, "All")).toBeInViewport();

  await chooseTheme(page, baseURL, "light");
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/admin/clients");
  await expect(peopleRows(page).first()).toBeVisible();
  await expectAccessibleIn(page, "light");
});

test("a 'Convert to client' the server refuses shows its error in red above the table, and clears on a new search", async ({
  page,
  newPage,
}) => {
  const lead = await makeLead(newPage, "Raced");
  await signIn(page, PEOPLE.admin, { to: "/admin" });
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

test("'Convert to client' pressed on a sleeping list, on a later visit, converts the lead once React has the page (issue 41)", async ({
  page,
  newPage,
}) => {
  const { lead, path, react, row } = await sleepingLeadRow(page, newPage, "later");
  // Held by app/enhancers/wake.ts until React hears it: the press must still have its button then.
  await row.getByRole("button", { name: "Convert to client" }).click();
  expect(await page.evaluate(() => document.documentElement.dataset.wake)).toBe("waking");
  react.release();
  await expect(row.getByRole("cell").nth(2)).toHaveText("client");
  await gotoHydrated(page, path);
  await expect(rowOf(page, lead.email).getByRole("cell").nth(2)).toHaveText("client");
});

test("'Convert to client' pressed on a sleeping list on a first visit posts as a page: the lead is a client, once", async ({
  page,
  newPage,
}) => {
  const { lead, row } = await sleepingLeadRow(page, newPage, "first");
  await markDocument(page);
  const id = await personIdOf(page, lead.email);
  const postsNamingLead = postsNaming(page);
  await row.getByRole("button", { name: "Convert to client" }).click();
  await expect(row.getByRole("cell").nth(2)).toHaveText("client");
  expect(await sameDocument(page), "the answer is the page the server sent back").toBe(false);
  // The search the list was on is kept; nothing was held for React, so nothing is sent again when it comes.
  expect(new URL(page.url()).searchParams.get("q")).toBe(lead.email);
  await page.keyboard.press("Shift");
  await expect(page.locator("html")).toHaveAttribute("data-wake", /waking|hydrating/);
  expect(postsNamingLead(id)).toBe(1);
});

test("a client detail page that can't load says why in the server's words, with the way back", async ({
  page,
}) => {
  await signIn(page, PEOPLE.coach, { to: "/admin" });
  for (const path of [`/admin/clients/${randomUUID()}`, "/admin/clients/not-a-person"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("alert").filter({ hasText: "No one with that id." })).toBeVisible();
    await page.getByRole("link", { name: "← Back to Clients" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();
  }
});
