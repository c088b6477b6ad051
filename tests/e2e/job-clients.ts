import type { Page } from "@playwright/test";
import { makeProClient, personIdOf } from "./admin-pages";
import { PHONE_360 } from "./appearance";
import { freshIdentity, type NamedIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, type NewPage } from "./support";

// Set-up the job search's specs share (tests/e2e/job-offers.spec.ts, job-outcomes.spec.ts): one accepted offer
// ends a search, so each test has a fresh client.

/**
 * A fresh Pro client, made by the admin; the client's page at 360 px. `admin`: a page the admin is signed in
 * on, for a spec that makes several (else the admin signs in for this one).
 */
export async function freshClient(newPage: NewPage, prefix: string, viewport = PHONE_360, admin?: Page) {
  const person: NamedIdentity = freshIdentity(prefix);
  const page = await newPage({ viewport });
  await signIn(page, person, { to: "/dashboard" });
  const by = admin ? { page: admin, context: null } : await signedInPage(newPage, PEOPLE.admin, "/admin");
  await makeProClient(by.page, await personIdOf(by.page, person.email));
  await by.context?.close();
  return { person, page };
}

/** Set-up: an application in "Onsite / loop"; its id, from the board's link. */
export async function addApplication(page: Page, company: string): Promise<string> {
  const form = { intent: "add", company, role: "Staff engineer", source: "applied", stage: "onsite" };
  expect((await page.request.post("/applications", { form })).status()).toBe(200);
  await gotoHydrated(page, "/applications");
  const href = await page.getByRole("link", { name: company, exact: true }).first().getAttribute("href");
  return (href ?? "").split("/").at(-1) ?? "";
}
