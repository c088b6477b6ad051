import type { Page } from "@playwright/test";
import {
  chooseTheme,
  expectAccessibleIn,
  expectFitsPhone,
  expectNoSidewaysScroll,
  PHONE_360,
} from "./appearance";
import { addApplication, freshClient } from "./job-clients";
import { PEOPLE, signedInPage } from "./sign-in";
import { patientExpect as expect, gotoHydrated, region, test } from "./support";

// The job search, phase 2 (docs/decisions/0053-job-search.md): on a 360 px phone, with the keyboard, a
// client adds an interview, records two offers, compares them and accepts one (the application ends at
// Accepted, the outcome is recorded); the coach sees the interview in the week's list and the other offer's
// deadline on the home page. Each test has a fresh client: one accepted offer ends a search.

/** The client's clock (Toronto until they choose): `days` from now at 10:00, as a datetime-local value. */
function torontoDay(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(at)}T10:00`;
}

async function recordOffer(
  page: Page,
  fields: { currency: "CAD" | "USD"; base: string; bonus: string; deadline: string },
) {
  const offer = region(page, "Offer");
  if (fields.currency === "USD") {
    await offer.getByRole("radio", { name: "USD" }).focus();
    await page.keyboard.press("Space");
  }
  await offer.getByRole("textbox", { name: /^Base salary per year/ }).fill(fields.base);
  await offer.getByRole("textbox", { name: /^Bonus per year/ }).fill(fields.bonus);
  await offer.getByRole("textbox", { name: /^Equity per year/ }).fill("40000");
  await offer.getByRole("textbox", { name: /^Sign-on bonus/ }).fill("10,000");
  await offer.getByLabel("Deadline (optional)").fill(fields.deadline);
  await offer.getByRole("textbox", { name: /^Sign-on bonus/ }).press("Enter");
  await expect(offer.getByRole("status")).toHaveText("Offer saved.");
}

test("on a 360 px phone with the keyboard a client adds an interview, records two offers, compares and accepts one; the coach sees the week and the deadline", async ({
  newPage,
}) => {
  const { person, page } = await freshClient(newPage, "Offers");
  const stamp = person.sub.slice(-6);
  const [north, south] = [`Northwind ${stamp}`, `Southbank ${stamp}`];
  const northId = await addApplication(page, north);
  const southId = await addApplication(page, south);

  // An interview in two days, entered on the client's clock; the keyboard submits it.
  await gotoHydrated(page, `/applications/${northId}`);
  const interviews = region(page, "Interviews");
  await interviews.getByRole("combobox", { name: "Kind" }).focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(interviews.getByRole("combobox", { name: "Kind" })).toHaveValue("system_design");
  await interviews.getByLabel("Date and time").fill(torontoDay(2));
  await interviews.getByRole("textbox", { name: "Notes (optional)" }).fill("Design a rate limiter.");
  await page.keyboard.press("Tab");
  await expect(interviews.getByRole("button", { name: "Add interview" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(interviews.getByText("System design interview", { exact: true })).toBeVisible();
  await expect(interviews.getByText("(America/Toronto)")).toBeVisible();
  await expect(interviews.getByRole("link", { name: /^Book a mock interview before it/ })).toBeVisible();
  await expectNoSidewaysScroll(page, "the application with an interview");

  await recordOffer(page, { currency: "CAD", base: "185000", bonus: "15000", deadline: "2099-01-15" });
  await gotoHydrated(page, `/applications/${southId}`);
  await recordOffer(page, { currency: "USD", base: "170000", bonus: "0", deadline: "2099-02-01" });

  // Compare: each in its own currency, never summed; the current pay compares only the same currency.
  await gotoHydrated(page, "/applications/offers");
  const card = (company: string) => page.getByRole("article", { name: `${company}, Staff engineer` });
  await expect(card(north)).toContainText("First-year total250,000 CAD");
  await expect(card(north)).toContainText("Yearly total240,000 CAD");
  await expect(card(south)).toContainText("First-year total220,000 USD");
  const pay = region(page, "Your current pay (optional)");
  await pay.getByRole("textbox", { name: "Current base salary per year" }).fill("150000");
  await page.keyboard.press("Enter");
  await expect(pay.getByRole("status")).toHaveText("Current pay saved.");
  await expect(card(north)).toContainText("Base +35,000 CAD (+23.3%) against your current pay.");
  await expect(card(south)).toContainText("Not compared with your current pay: it is in another currency.");
  await expectNoSidewaysScroll(page, "the compare page");

  // Accept the first by keyboard: open the fold, Tab past its words to the button.
  await card(north).getByText("Accept this offer").focus();
  await page.keyboard.press("Enter");
  const accept = card(north).getByRole("button", { name: `Yes, accept ${north}, Staff engineer` });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Outcome recorded" })).toBeVisible();
  await expect(card(north)).toContainText("You accepted this offer.");
  await expect(page.getByText("Sessions used before the offer: 0")).toBeVisible();
  await expect(page.getByText("Pay change: +35,000 CAD base")).toBeVisible();
  await expect(card(south).getByText("Accept this offer")).toHaveCount(0);

  await gotoHydrated(page, `/applications/${northId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Accepted" })).toBeVisible();
  await expect(region(page, "History").getByRole("listitem").last()).toHaveText(/Onsite \/ loop → Accepted$/);

  // The coach's home, on a phone too: the interview in the week's list, the open offer's deadline.
  const coach = await signedInPage(newPage, PEOPLE.coach, "/admin", { viewport: PHONE_360 });
  const week = region(coach.page, "Interviews this week");
  await expect(week.getByRole("listitem").filter({ hasText: north })).toContainText(
    `${person.name}: System design interview at ${north}`,
  );
  const deadlines = region(coach.page, "Offer deadlines");
  await expect(deadlines.getByRole("listitem").filter({ hasText: south })).toContainText("Feb 1, 2099");
  // The accepted one's search is over: its deadline is not listed.
  await expect(deadlines.getByRole("listitem").filter({ hasText: north })).toHaveCount(0);
  await expectFitsPhone(coach.page, "the coach's home");
});

for (const theme of ["dark", "light"] as const) {
  test(`an application with an interview and an offer, and the compare page, pass axe in the ${theme} theme`, async ({
    newPage,
    baseURL,
  }) => {
    const { person, page } = await freshClient(newPage, `Axe${theme}`);
    await chooseTheme(page, baseURL, theme);
    const id = await addApplication(page, `Axe ${person.sub.slice(-6)}`);
    const form = { intent: "add-interview", kind: "coding", startsAt: torontoDay(1) };
    expect((await page.request.post(`/applications/${id}`, { form })).status()).toBe(200);
    const offer = { intent: "save-offer", currency: "CAD", base: "120000", deadline: "2099-03-01" };
    expect((await page.request.post(`/applications/${id}`, { form: offer })).status()).toBe(200);
    for (const path of [`/applications/${id}`, "/applications/offers"]) {
      await gotoHydrated(page, path);
      await expectAccessibleIn(page, theme);
      await expectNoSidewaysScroll(page, path);
    }
  });
}
