import type { Page } from "@playwright/test";
import { uniqueId } from "../support/text";
import { expectFitsPhone, expectNoSidewaysScroll, PHONE_360 } from "./appearance";
import { openAs, PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// The coach's board across clients (docs/decisions/0053-job-search.md, "The coach's board"): on a 360 px phone
// the coach finds the seed's Daniel flagged stalled (his sample search last moved 18 days ago), moves the
// line past it and back, and sees a client's new application arrive live. No other spec changes the setting.

const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
const daysField = (page: Page) =>
  page.getByRole("textbox", { name: "Flag a search as stalled after this many quiet days" });

async function setDays(page: Page, days: number) {
  await daysField(page).fill(String(days));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.getByText(`Searches quiet for ${days} days are now flagged stalled.`).first(),
  ).toBeVisible();
}

test("on a 360 px phone the coach sees a stalled search flagged first, moves the line, and a new application arrives live", async ({
  newPage,
}) => {
  const { page } = await signedInPage(newPage, PEOPLE.coach, "/admin", { viewport: PHONE_360 });
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Job search" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Job search" })).toBeVisible();
  await gotoHydrated(page, "/admin/job-search");

  const daniel = rowOf(page, PEOPLE.proClient.name);
  await expect(daniel).toContainText("Stalled");
  await expect(daniel).toContainText("Recruiter screen: 1");
  await expect(daniel).toContainText("18 days ago");
  // Flagged searches come first (an interview soon with no mock, from another spec, may lead).
  await expect(page.getByRole("row").nth(1)).toContainText(/Stalled|no mock booked/);
  await expectFitsPhone(page, "the coach's board");

  await test.step("the setting moves the line: at 30 days Daniel is no longer flagged; back to 14", async () => {
    await expect(daysField(page)).toHaveValue("14");
    await daysField(page).fill("0");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Enter a whole number of days from 1 to 90.")).toBeVisible();
    await setDays(page, 30);
    await expect(daniel).not.toContainText("Stalled");
    await setDays(page, 14);
    await expect(daniel).toContainText("Stalled");
  });

  await test.step("Maya adds an application; the coach's open board counts it without a reload", async () => {
    const maya = rowOf(page, PEOPLE.basicClient.name);
    const before = Number((await maya.getByRole("cell").nth(1).textContent())?.replace(/\D/g, "") || 0);
    const client = await newPage();
    await openAs(client, PEOPLE.basicClient, "/applications");
    const add = client
      .locator("details")
      .filter({ has: client.getByText("Add an application", { exact: true }) });
    if (!(await add.evaluate((details) => (details as HTMLDetailsElement).open)))
      await add.getByText("Add an application", { exact: true }).click();
    await add.getByRole("textbox", { name: "Company" }).fill(`Live ${uniqueId()}`);
    await add.getByRole("textbox", { name: "Role" }).fill("Engineer");
    await add.getByRole("button", { name: "Add application" }).click();
    await expect(maya.getByRole("cell").nth(1)).toHaveText(String(before + 1));
    await expect(maya).toContainText("today");
  });
});

test("the coach notes on a client's application, staff only or shared; the client reads only the shared one", async ({
  newPage,
}) => {
  const coach = await newPage({ viewport: PHONE_360 });
  await signIn(coach, PEOPLE.coach, { to: "/admin/job-search" });
  await rowOf(coach, PEOPLE.proClient.name).getByRole("link").click();
  // The row's link is a document load: its address is read once it has arrived, not while it is on its way.
  await coach.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}#job-search$/);
  await gotoHydrated(coach, coach.url());
  const section = coach.getByRole("region", { name: "Job search" });
  const add = section.locator("form").filter({ has: coach.getByRole("button", { name: "Add note" }) });
  const shared = `Ask about on-call ${uniqueId()}`;
  const staffOnly = `Weak on design ${uniqueId()}`;
  for (const [body, share] of [
    [staffOnly, false],
    [shared, true],
  ] as const) {
    await add
      .getByRole("combobox", { name: "Application" })
      .selectOption({ label: "Northwind Payments — Backend developer" });
    await add.getByRole("textbox", { name: "Note" }).fill(body);
    await add.getByRole("checkbox", { name: "Share with the client" }).setChecked(share);
    await add.getByRole("button", { name: "Add note" }).click();
    await expect(section.getByRole("listitem").filter({ hasText: body })).toContainText(
      share ? "Shared with the client" : "Staff only",
    );
  }
  await expectNoSidewaysScroll(coach, "the client's job search with notes");

  const client = (await signedInPage(newPage, PEOPLE.proClient, "/applications", { viewport: PHONE_360 }))
    .page;
  await client.getByRole("link", { name: "Northwind Payments" }).first().click();
  const notes = client.getByRole("region", { name: "Notes from your coach" });
  await expect(notes).toContainText(shared);
  await expect(client.getByText(staffOnly)).toHaveCount(0);
});
