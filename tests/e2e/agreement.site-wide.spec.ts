import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./appearance";
import { acceptAgreement, acceptLink, bookSession } from "./onboarding-pages";
import { PEOPLE, signedInPage } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// The coaching agreement in the browser (docs/decisions/0047-coaching-agreement.md): the admin writes a
// version, a client is asked for it instead of booking, accepts, books; the admin sees the evidence and
// switches the gate. The client is a seeded one with no intake questionnaire open, so only the agreement
// can hold their booking back.

const CLIENT = PEOPLE.premiumClient;

/** The gates form answers with a toast, as the site's other saves do. */
const gatesSaved = (page: Page) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]", { hasText: "Saved what comes before booking." }) });

test("the admin writes the agreement; the client accepts it before booking; the gate can be turned off", async ({
  newPage,
}) => {
  const admin = (await signedInPage(newPage, PEOPLE.admin, "/admin/agreement")).page;
  const gate = admin.getByRole("checkbox", { name: "Clients accept the agreement before booking" });
  const marker = `Cancellation terms ${Date.now()}`;
  let version = 0;

  await test.step("the admin writes a version, previewed as the client will read it; HTML stays inert", async () => {
    await expect(gate).toBeChecked();
    const save = admin.getByRole("button", { name: /^Save as version \d+$/ });
    version = Number((await save.textContent())?.replace(/\D+/g, ""));
    const body = admin.getByLabel("Agreement (Markdown)");
    await body.fill(
      `# ${marker}\n\nCancel **24 hours** ahead.\n\n<script>window.pwned = 1</script>\n\n[evil](javascript:alert(1)) [terms](https://example.com/terms)`,
    );
    const preview = admin.getByTestId("agreement-preview");
    // Under the preview's h3, the Markdown's `#` is an h4 (agreement-text.tsx).
    await expect(preview.getByRole("heading", { level: 4, name: marker })).toBeVisible();
    await expect(preview.locator("script")).toHaveCount(0);
    await expect(preview.getByRole("link", { name: "evil" })).toHaveCount(0);
    await expect(preview.getByRole("link", { name: /terms/ })).toHaveAttribute(
      "href",
      "https://example.com/terms",
    );
    await save.click();
    await expect(admin.getByRole("status").filter({ hasText: `Version ${version} saved` })).toBeVisible();
    await expectNoAxeViolations(admin);
  });

  const client = (await signedInPage(newPage, CLIENT, "/dashboard")).page;

  await test.step("the client's dashboard asks for the agreement instead of offering a booking", async () => {
    await expect(acceptLink(client)).toBeVisible();
    await expect(bookSession(client)).toHaveCount(0);
    // No signed booking token anywhere in the page.
    expect(await client.content()).not.toContain("metadata%5Bportal%5D");
    await acceptLink(client).click();
    await expect(client).toHaveURL(/\/agreement$/);
  });

  await test.step("the agreement reads as written, inert; the tick is required", async () => {
    const article = client.getByRole("article", { name: `Coaching agreement, version ${version}` });
    await expect(article.getByRole("heading", { name: marker })).toBeVisible();
    await expect(article.getByRole("link", { name: "evil" })).toHaveCount(0);
    expect(await client.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await expectNoAxeViolations(client);
    await client.getByLabel("Your full name").fill(CLIENT.name);
    await client.getByRole("button", { name: `Accept version ${version}` }).click();
    await expect(
      client.getByText("Tick the box to say you have read and accept the agreement."),
    ).toBeVisible();
  });

  await test.step("accepted: the version stays readable, and booking is offered", async () => {
    await acceptAgreement(client, CLIENT.name);
    await client.reload();
    await expect(client.getByRole("status")).toContainText(`You accepted version ${version} on`);
    await expect(client.getByRole("link", { name: `Version ${version}`, exact: true })).toBeVisible();
    await client.goto("/dashboard");
    await expect(bookSession(client)).toBeVisible();
    await expect(acceptLink(client)).toHaveCount(0);
  });

  await test.step("the admin sees who accepted, when, from where and with which browser", async () => {
    await gotoHydrated(admin, `/admin/agreement?version=${version}`);
    const row = admin.getByRole("row").filter({ hasText: CLIENT.email });
    await expect(row).toContainText(CLIENT.name);
    await expect(row).toContainText(/127\.0\.0\.1|::1/);
    await expect(row).toContainText(/Chrome/);
  });

  await test.step("a new version asks again; with the gate off the client books anyway, on again they don't", async () => {
    await gotoHydrated(admin, "/admin/agreement");
    await admin.getByLabel("Agreement (Markdown)").fill(`# ${marker}\n\nRefunds within 14 days.`);
    await admin.getByRole("button", { name: `Save as version ${version + 1}` }).click();
    await expect(
      admin.getByRole("status").filter({
        hasText: `Version ${version + 1} saved: every client accepts it before their next booking.`,
      }),
    ).toBeVisible();
    await client.goto("/dashboard");
    await expect(acceptLink(client)).toBeVisible();

    await gate.uncheck();
    await admin.getByRole("button", { name: "Save", exact: true }).click();
    await expect(gatesSaved(admin)).toBeVisible();
    await client.reload();
    await expect(bookSession(client)).toBeVisible();
    await expect(acceptLink(client)).toHaveCount(0);
    // Still asked for, without holding booking back.
    await expect(client.getByRole("link", { name: "Read the agreement" })).toBeVisible();
    // With the gate off, a new version is asked for, and the admin is told booking doesn't wait for it.
    await gotoHydrated(admin, "/admin/agreement");
    await admin.getByLabel("Agreement (Markdown)").fill(`# ${marker}\n\nRefunds within 30 days.`);
    await admin.getByRole("button", { name: `Save as version ${version + 2}` }).click();
    await expect(
      admin.getByRole("status").filter({
        hasText: `Version ${version + 2} saved: clients are asked to accept it; booking doesn't wait for it.`,
      }),
    ).toBeVisible();

    await gotoHydrated(admin, "/admin/agreement");
    await gate.check();
    await admin.getByRole("button", { name: "Save", exact: true }).click();
    await expect(gatesSaved(admin)).toBeVisible();
    await client.reload();
    await expect(acceptLink(client)).toBeVisible();
    await expect(bookSession(client)).toHaveCount(0);
  });
});
