import type { Locator, Page } from "@playwright/test";
import { calDelivery, calSignature } from "../support/cal.ts";
import { parseCalendar } from "../support/ical.ts";
import { startSmtp } from "../support/smtp";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE_360 } from "./appearance";
import { acceptAgreement, acceptLink, answerIntake, bookSession, intakeLink } from "./onboarding-pages";
import { freshIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, region, test } from "./support";

// A new client's first week, end to end (issue #34): pays on the local test checkout, answers the intake
// questionnaire, accepts the coaching agreement, books through Cal.com (a signed webhook), and the
// reminder arrives by SMTP a day ahead with the time in the zone the client chose and the calendar file.
// Then the first week's screens on a phone. Site-wide: both publish an agreement version, and the first
// listens on the port the server sends email to.

// Cal.com reports the booking made in Europe/Berlin (tests/support/cal.ts); the client then picks this one.
const ZONE = "America/Vancouver";

test("pay → intake → agreement → book → the reminder arrives with the client's local time", async ({
  newPage,
  request,
}) => {
  test.setTimeout(420_000);
  const who = freshIdentity("Newcomer");
  const client = await newPage();
  const marker = `Coaching terms ${Date.now()}`;

  await test.step("a lead buys Pro on the local test checkout", async () => {
    await signIn(client, who, { to: "/checkout?offer=pro&currency=USD&option=upfront" });
    await client.getByRole("button", { name: "Continue to the test checkout" }).click();
    await client.getByRole("button", { name: /^Pay \$[\d,.]+ USD \(test\)$/ }).click();
    await expect(client.getByRole("heading", { name: "Thank you: payment received" })).toBeVisible();
  });

  await test.step("the admin publishes the agreement, with both steps held before booking", async () => {
    const admin = await signedInPage(newPage, PEOPLE.admin, "/admin/agreement");
    const page = admin.page;
    for (const name of [
      "Clients fill in the intake questionnaire before booking",
      "Clients accept the agreement before booking",
    ]) {
      await expect(page.getByRole("checkbox", { name })).toBeChecked();
    }
    await page.getByLabel("Agreement (Markdown)").fill(`# ${marker}\n\nCancel at least **24 hours** ahead.`);
    await page.getByRole("button", { name: /^Save as version \d+$/ }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Version \d+ saved/ })).toBeVisible();
    await admin.context.close();
  });

  await test.step("the new client's dashboard asks for both steps instead of a booking", async () => {
    await gotoHydrated(client, "/dashboard");
    await expect(client.getByRole("main").getByRole("region").first()).toHaveAccessibleName(
      "Before your first session",
    );
    await expect(intakeLink(client)).toBeVisible();
    await expect(acceptLink(client)).toBeVisible();
    await expect(bookSession(client)).toHaveCount(0);
    expect(await client.content()).not.toContain("metadata%5Bportal%5D");
  });

  await test.step("the intake answered, the agreement is still missing", async () => {
    await answerIntake(client, { roles: "New-grad backend engineer", worry: "Behavioural rounds." });
    await gotoHydrated(client, "/dashboard");
    await expect(intakeLink(client)).toHaveCount(0);
    await expect(acceptLink(client)).toBeVisible();
    await expect(bookSession(client)).toHaveCount(0);
  });

  await test.step("the agreement accepted, the booking buttons appear", async () => {
    await gotoHydrated(client, "/agreement");
    await expect(client.getByRole("heading", { name: marker })).toBeVisible();
    await acceptAgreement(client, who.name);
    await gotoHydrated(client, "/dashboard");
    await expect(bookSession(client)).toBeVisible();
  });

  const smtp = await startSmtp({ port: Number(process.env.E2E_SMTP_PORT) });
  try {
    // A day and a little ahead, on a whole minute: the 24-hour reminder falls due within this test.
    const start = new Date(Math.ceil((Date.now() + 86_400_000 + 150_000) / 60_000) * 60_000);
    const delivery =
      await test.step("a session booked from the portal's link reaches the webhook", async () => {
        await gotoHydrated(client, "/dashboard");
        const href = (await bookSession(client).getAttribute("href")) ?? "";
        const token = new URL(href).searchParams.get("metadata[portal]") ?? "";
        expect(token).not.toBe("");
        const made = calDelivery("BOOKING_CREATED", { email: who.email, name: who.name, token, start });
        const answer = await request.post("/webhooks/cal", {
          headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(made.body) },
          data: made.body,
        });
        expect(answer.status(), await answer.text()).toBe(200);
        await expect(client.getByRole("list", { name: "Upcoming sessions" })).toBeVisible();
        return made;
      });

    await test.step("the client picks their own zone on /account: the waiting reminder follows it", async () => {
      await gotoHydrated(client, "/account");
      const zone = client.getByLabel("Time zone");
      await zone.selectOption(ZONE);
      await client.getByRole("button", { name: "Save email choices" }).click();
      await expect(client.getByRole("status").filter({ hasText: "Email choices saved." })).toBeVisible();
      await client.reload();
      await expect(zone).toHaveValue(ZONE);
    });

    await test.step("the reminder arrives once, in the client's own time, with the join link and the .ics", async () => {
      const reminders = () =>
        smtp.received.filter(
          (m) => m.envelopeTo.includes(who.email) && /^Reminder: /.test(m.parsed.subject ?? ""),
        );
      await expect.poll(() => reminders().length, { timeout: 240_000, intervals: [2_000] }).toBe(1);
      const [mail] = reminders();
      const text = mail?.parsed.text ?? "";
      expect(mail?.parsed.subject).toBe("Reminder: your 30-minute coaching session tomorrow");
      // The start as a reader in that zone sees it, written independently of the app.
      const local = new Intl.DateTimeFormat("en-US", {
        hour: "numeric",
        minute: "2-digit",
        timeZone: ZONE,
      }).format(start);
      const zoneName = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, timeZoneName: "short" })
        .formatToParts(start)
        .find((part) => part.type === "timeZoneName")?.value;
      expect(text).toContain(local);
      expect(text).toContain(String(zoneName));
      const utc = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
      expect(text).not.toContain(`${utc.format(start)} UTC`);
      expect(text).toContain(`https://app.cal.com/video/${delivery.uid}`);
      const ics = mail?.parsed.attachments.find((a) => a.filename === "session.ics");
      expect(ics?.contentType).toBe("text/calendar");
      const [event] = parseCalendar(ics?.content.toString("utf8") ?? "");
      expect(event?.start.toISOString()).toBe(start.toISOString());
    });
  } finally {
    await smtp.close();
  }
});

/** `path` as `page`'s person sees it at phone width, once `shown` is there: no sideways scroll, no axe violation. */
async function fitsPhone(page: Page, path: string, shown: (page: Page) => Locator) {
  await gotoHydrated(page, path);
  await expect(shown(page)).toBeVisible();
  await expectNoSidewaysScroll(page, path);
  await expectNoAxeViolations(page);
}

test("the first week's screens fit a 360 px phone and have no accessibility violations, before and after each step", async ({
  newPage,
}) => {
  // Two people sign in and ten pages are checked on a shared, busy machine.
  test.setTimeout(360_000);
  const who = freshIdentity("Phone");
  const client = (await signedInPage(newPage, who, "/dashboard")).page;
  const admin = (await signedInPage(newPage, PEOPLE.admin, "/admin")).page;
  await client.setViewportSize(PHONE_360);
  await admin.setViewportSize(PHONE_360);
  let clientPage = "";

  // The version and an answer have an address too long for a phone's line, as a pasted link may be.
  await test.step("the admin converts the new lead and publishes a version, on the phone", async () => {
    await gotoHydrated(admin, `/admin/clients?${new URLSearchParams({ q: who.email })}`);
    await admin.getByRole("button", { name: "Convert to client" }).click();
    await expect(admin.getByRole("button", { name: "Convert to client" })).toHaveCount(0);
    clientPage = (await admin.getByRole("link", { name: who.email, exact: true }).getAttribute("href")) ?? "";
    expect(clientPage).toMatch(/^\/admin\/clients\/[0-9a-f-]{36}$/);
    await fitsPhone(admin, "/admin/intake", (page) =>
      page.getByRole("heading", { level: 1, name: "Intake questionnaire" }),
    );
    await fitsPhone(admin, "/admin/agreement", (page) => page.getByLabel("Agreement (Markdown)"));
    await admin
      .getByLabel("Agreement (Markdown)")
      .fill(
        `# Coaching terms on a phone\n\nCancel at least **24 hours** ahead. Terms: https://example.com/${"terms".repeat(12)}`,
      );
    await admin.getByRole("button", { name: /^Save as version \d+$/ }).click();
    await expect(admin.getByRole("status").filter({ hasText: /^Version \d+ saved/ })).toBeVisible();
    await fitsPhone(admin, clientPage, (page) =>
      region(page, "Intake").getByText(/^Waiting for answers since/),
    );
  });

  await test.step("the client's dashboard, questionnaire and agreement, before each step", async () => {
    await fitsPhone(client, "/dashboard", (page) => region(page, "Before your first session"));
    await expect(intakeLink(client)).toBeVisible();
    await expect(acceptLink(client)).toBeVisible();
    await fitsPhone(client, "/intake", (page) => page.getByRole("button", { name: "Send my answers" }));
    await fitsPhone(client, "/agreement", (page) =>
      page.getByRole("checkbox", { name: "I have read and accept this agreement" }),
    );
  });

  await test.step("after each step: the sent answers, the accepted agreement, the client page and the evidence", async () => {
    const worry = `Small screens: https://example.com/${"portfolio".repeat(8)}`;
    await answerIntake(client, { roles: "Backend engineer on a phone", worry });
    await expectNoSidewaysScroll(client, "/intake once sent");
    await expectNoAxeViolations(client);
    await gotoHydrated(client, "/agreement");
    await acceptAgreement(client, who.name);
    await expectNoSidewaysScroll(client, "/agreement once accepted");
    await expectNoAxeViolations(client);
    await fitsPhone(admin, clientPage, (page) => region(page, "Intake").getByText(worry));
    await fitsPhone(admin, "/admin/agreement", (page) =>
      page.getByRole("row").filter({ hasText: who.email }),
    );
  });
});
