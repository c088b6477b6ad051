import { uniqueId } from "../support/text";
import { expectFitsPhone, PHONE_360 } from "./appearance";
import { addApplication, freshClient } from "./job-clients";
import { PEOPLE, signedInPage } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// Outcomes (docs/decisions/0053-job-search.md, "Outcomes"): a fresh client accepts an offer and agrees to be
// counted, sees the consent in /account; the coach finds the new outcome on /admin/job-search/outcomes at 360 px.

test("a client accepts an offer with consent; the coach sees the outcome on /admin/job-search/outcomes at 360 px", async ({
  newPage,
}) => {
  const { page } = await freshClient(newPage, "Outcome");
  const company = `Outcome Co ${uniqueId()}`;
  const id = await addApplication(page, company);
  const offer = { intent: "save-offer", currency: "CAD", base: "180000", bonus: "0" };
  expect((await page.request.post(`/applications/${id}`, { form: offer })).status()).toBe(200);

  await gotoHydrated(page, "/applications/offers");
  const card = page.getByRole("article", { name: `${company}, Staff engineer` });
  await card.getByText("Accept this offer").click();
  await card.getByRole("checkbox", { name: /^Count my outcome, without my name/ }).check();
  await card.getByRole("button", { name: `Yes, accept ${company}, Staff engineer` }).click();
  await expect(page.getByRole("heading", { name: "Outcome recorded" })).toBeVisible();

  await gotoHydrated(page, "/account");
  const consent = page.getByRole("checkbox", { name: /^Count my outcome, without my name/ });
  await expect(consent).toBeChecked();

  const coach = (await signedInPage(newPage, PEOPLE.coach, "/admin", { viewport: PHONE_360 })).page;
  await coach.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Job search" }).click();
  await coach.getByRole("link", { name: "Outcomes", exact: true }).click();
  await expect(coach.getByRole("heading", { level: 1, name: "Outcomes" })).toBeVisible();
  await gotoHydrated(coach, "/admin/job-search/outcomes");
  const row = coach.getByRole("row").filter({ hasText: company });
  await expect(row).toContainText("Staff engineer");
  await expect(row).toContainText("not known");
  await expect(row).not.toContainText("180");
  await expect(coach.getByRole("heading", { name: "Offer rate per plan" })).toBeVisible();
  await expectFitsPhone(coach, "the outcomes page");
});
