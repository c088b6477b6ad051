import type { Page } from "@playwright/test";
import { patientExpect as expect } from "./support";

// The coaching agreement's page parts and set-up steps (docs/decisions/0047-coaching-agreement.md).

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

/** Sets the admin's two gates (a set-up step; agreement.site-wide.spec.ts clicks them). */
export async function setGates(admin: Page, gates: { intake: boolean; agreement: boolean }) {
  const form: Record<string, string> = { intent: "set-gates" };
  if (gates.intake) form.intakeBeforeBooking = "on";
  if (gates.agreement) form.agreementBeforeBooking = "on";
  const response = await admin.request.post("/admin/agreement", { form });
  expect(response.status(), JSON.stringify(form)).toBe(200);
}

/**
 * A new client may book: the intake questionnaire is not asked for before booking here, and the
 * agreement, when one is due (another spec may have published one), is accepted. Ends on /dashboard.
 */
export async function readyToBook(client: Page, admin: Page, fullName: string) {
  await setGates(admin, { intake: false, agreement: true });
  await client.goto("/dashboard");
  if (await acceptLink(client).isVisible()) {
    await client.goto("/agreement");
    await acceptAgreement(client, fullName);
    await client.goto("/dashboard");
  }
}
