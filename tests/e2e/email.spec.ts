import { randomUUID } from "node:crypto";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { expect as baseExpect, gotoHydrated, PEOPLE, signedInPage, signIn, test } from "./support";

// Issue #17 end to end: the coach assigns homework in Chromium; the client's email arrives at a real
// SMTP server (the one SMTP_URL names in playwright.config.ts) with a link that opens the homework page
// for the signed-in client.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp({ port: Number(process.env.E2E_SMTP_PORT) });
});
test.afterAll(async () => {
  await smtp?.close();
});

test("the coach assigns homework; the client's email arrives with a link to it", async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Email check ${randomUUID().slice(0, 8)}`;
  await signIn(page, PEOPLE.coach, { from: "/login?redirectTo=/admin", expectPath: "/admin" });
  await page.goto(`/admin/clients?${new URLSearchParams({ q: PEOPLE.proClient.email })}`);
  await page.getByRole("link", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
  await gotoHydrated(page, new URL(page.url()).pathname);
  const homework = page.getByRole("region", { name: "Homework", exact: true });
  await homework.getByRole("textbox", { name: "Homework title" }).fill(title);
  await homework.getByRole("button", { name: "Assign homework" }).click();
  await expect(homework.getByRole("listitem").filter({ hasText: title })).toBeVisible();

  // The worker sends it within a second or two (it polls); other tests' emails may arrive too.
  await expect
    .poll(() => smtp.received.some((m) => m.parsed.subject === `New homework: ${title}`), { timeout: 60_000 })
    .toBe(true);
  const mail = smtp.received.find((m) => m.parsed.subject === `New homework: ${title}`);
  expect(mail?.envelopeTo).toEqual([PEOPLE.proClient.email]);
  expect(mail?.parsed.text).toContain(title);
  const link = /href="([^"]+\/homework)"/.exec(String(mail?.parsed.html))?.[1];
  expect(link).toBe(`${baseURL}/homework`);

  const client = await signedInPage(browser, baseURL, PEOPLE.proClient, "/dashboard");
  await client.page.goto(link as string);
  await expect(client.page).toHaveURL(`${baseURL}/homework`);
  await expect(client.page.getByText(title)).toBeVisible();
  await client.context.close();
});
