import type { Page } from "@playwright/test";
import { patientExpect as expect, gotoHydrated } from "./support";

// A new client's first steps, as page parts and set-up steps: the intake questionnaire
// (docs/decisions/0046-intake-questionnaire.md) and the coaching agreement (0047-coaching-agreement.md).

export const intakeLink = (page: Page) =>
  page.getByRole("link", { name: "Fill in the intake questionnaire", exact: true }).first();

/** On /intake: the default questionnaire's required answers (found by question id), then sent. */
export async function answerIntake(page: Page, answers: { roles: string; worry: string }) {
  await gotoHydrated(page, "/intake");
  await page.locator('[data-field="q.target-roles"]').fill(answers.roles);
  await page.getByRole("radio", { name: "In 1–3 months" }).check();
  await page.getByRole("radio", { name: "Student or new grad" }).check();
  await page.locator('[data-field="q.worry"]').fill(answers.worry);
  await page.getByRole("button", { name: "Send my answers" }).click();
  await expect(page.getByRole("heading", { name: "Thank you — your coach has your answers" })).toBeVisible();
}

export const acceptLink = (page: Page) =>
  page.getByRole("link", { name: "Accept the agreement", exact: true });
export const bookSession = (page: Page) => page.getByRole("link", { name: "Book a session", exact: true });

/** On /agreement: the client types their name, ticks the box and accepts the version shown. */
export async function acceptAgreement(page: Page, fullName: string) {
  await page.getByLabel("Your full name").fill(fullName);
  await page.getByRole("checkbox", { name: "I have read and accept this agreement" }).check();
  await page.getByRole("button", { name: /^Accept version \d+$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /^You accepted version \d+ on/ })).toBeVisible();
}

/**
 * A new client may book: their intake answered and the agreement, when one is due (a site-wide spec may
 * have published one), accepted, the way a client does it. Ends on /dashboard.
 */
export async function readyToBook(client: Page, fullName: string) {
  await gotoHydrated(client, "/dashboard");
  if (await intakeLink(client).isVisible()) {
    await answerIntake(client, { roles: "Backend engineer", worry: "System design rounds." });
  }
  await gotoHydrated(client, "/dashboard");
  if (await acceptLink(client).first().isVisible()) {
    await gotoHydrated(client, "/agreement");
    await acceptAgreement(client, fullName);
  }
  await gotoHydrated(client, "/dashboard");
}
