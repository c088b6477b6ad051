import { startSmtp } from "../support/smtp";
import { unique } from "../support/text";
import { expectNoAxeViolations } from "./appearance";
import { freshIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import { expect as baseExpect, gotoHydrated, test } from "./support";

// Email end to end through a real SMTP server (docs/decisions/0029-email-outbox.md), then the /account
// choices and the coach's read-only Emails page.

const expect = baseExpect.configure({ timeout: 30_000 });

test("the coach assigns homework; the client's email arrives with a link to it", async ({
  page,
  baseURL,
  newPage,
}) => {
  // Only this test listens on the port the server sends to.
  const smtp = await startSmtp({ port: Number(process.env.E2E_SMTP_PORT) });
  try {
    const who = freshIdentity("Mailed");
    const first = await signedInPage(newPage, who, "/dashboard");
    await first.context.close();

    await signIn(page, PEOPLE.admin, { to: "/admin" });
    await gotoHydrated(page, `/admin/clients?${new URLSearchParams({ q: who.email })}`);
    await page.getByRole("button", { name: "Convert to client" }).click();
    await expect(page.getByRole("button", { name: "Convert to client" })).toHaveCount(0);
    await page.getByRole("link", { name: "Open", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
    const clientPage = new URL(page.url()).pathname;

    const coach = await signedInPage(newPage, PEOPLE.coach, clientPage);
    const title = unique("Email check");
    const homework = coach.page.getByRole("region", { name: "Homework", exact: true });
    await homework.getByRole("textbox", { name: "Homework title" }).fill(title);
    await homework.getByRole("button", { name: "Assign homework" }).click();
    await expect(homework.getByRole("listitem").filter({ hasText: title })).toBeVisible();
    await coach.context.close();

    // The worker polls; other tests' emails may arrive too.
    const toClient = () => smtp.received.filter((m) => m.envelopeTo.includes(who.email));
    await expect
      .poll(
        () =>
          toClient()
            .map((m) => m.parsed.subject)
            .sort(),
        { timeout: 60_000 },
      )
      .toEqual([`New homework: ${title}`, "Welcome to Next Offer Coaching"]);
    const mail = toClient().find((m) => m.parsed.subject === `New homework: ${title}`);
    expect(mail?.envelopeTo).toEqual([who.email]);
    expect(mail?.parsed.text).toContain(title);
    const link = /href="([^"]+\/homework)"/.exec(String(mail?.parsed.html))?.[1];
    expect(link).toBe(`${baseURL}/homework`);

    const client = await signedInPage(newPage, who, "/dashboard");
    await client.page.goto(link as string);
    await expect(client.page).toHaveURL(`${baseURL}/homework`);
    await expect(client.page.getByText(title)).toBeVisible();
    await client.context.close();
  } finally {
    await smtp.close();
  }
});

test("a person chooses their emails on /account; payment emails offer no Off; staff read the outbox", async ({
  page,
  newPage,
}) => {
  const person = await signedInPage(newPage, freshIdentity("Choosy"), "/account");
  const section = person.page.getByRole("region", { name: "Emails" });
  const lessons = section.getByRole("combobox", { name: "Lesson posted" });
  await expect(lessons).toHaveValue("now");
  await expectNoAxeViolations(person.page);
  await expect(section.getByRole("combobox", { name: "Payment receipts" }).locator("option")).toHaveText([
    "At once",
    "Daily digest",
  ]);
  // Worth nothing late: at once or off (docs/decisions/0045-session-reminders.md); the day's sessions are staff's.
  await expect(
    section.getByRole("combobox", { name: "Reminders before your sessions" }).locator("option"),
  ).toHaveText(["At once", "Off"]);
  await expect(section.getByRole("combobox", { name: "Day's sessions at" })).toHaveCount(0);
  await lessons.selectOption("off");
  await section.getByRole("combobox", { name: "Digest at" }).selectOption("7");
  await section.getByRole("button", { name: "Save email choices" }).click();
  await expect(section.getByRole("status")).toHaveText("Email choices saved.");
  await gotoHydrated(person.page, "/account");
  await expect(
    person.page.getByRole("region", { name: "Emails" }).getByRole("combobox", { name: "Lesson posted" }),
  ).toHaveValue("off");
  await person.context.close();

  await signIn(page, PEOPLE.coach, { to: "/account" });
  const staffEmails = page.getByRole("region", { name: "Emails" });
  await expect(staffEmails.getByRole("combobox", { name: "Day's sessions at" })).toHaveValue("7");
  await expect(
    staffEmails.getByRole("combobox", { name: "Your day's sessions, each morning" }).locator("option"),
  ).toHaveText(["At once", "Off"]);
  await page.goto("/admin/emails");
  await expect(page.getByRole("heading", { name: "Emails", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Filter emails" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send again" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("without JavaScript, saving email choices answers in the Emails section and leaves deletion alone", async ({
  newPage,
}) => {
  const person = await signedInPage(newPage, freshIdentity("NoScriptChoosy"), "/account");
  const plain = await newPage({
    javaScriptEnabled: false,
    storageState: await person.context.storageState(),
  });
  await plain.goto("/account");
  const emails = plain.getByRole("region", { name: "Emails" });
  await emails.getByRole("combobox", { name: "Lesson posted" }).selectOption("digest");
  await emails.getByRole("button", { name: "Save email choices" }).click();
  await expect(emails.getByRole("status")).toHaveText("Email choices saved.");
  const deletion = plain.getByRole("region", { name: "Ask for deletion" });
  await expect(deletion.getByRole("status")).toHaveCount(0);
  await expect(deletion.getByRole("button", { name: "Request deletion" })).toBeVisible();
  await plain.goto("/account");
  await expect(
    plain.getByRole("region", { name: "Emails" }).getByRole("combobox", { name: "Lesson posted" }),
  ).toHaveValue("digest");
});
