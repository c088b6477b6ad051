import type { Page } from "@playwright/test";
import { unique } from "../support/text";
import { expectNoAxeViolations } from "./appearance";
import { freshIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, liveStreamsOf, region, test } from "./support";

// The intake questionnaire (docs/decisions/0046-intake-questionnaire.md): the coach writes and previews
// the questions with the keyboard; a new client answers, loses nothing on a reload, sends once, and the
// coach reads the answers on the client's page. Fields are found by question id, not label, since the
// first test may rename them while the second runs.

const field = (page: Page, id: string) => page.locator(`[data-field="q.${id}"]`);
/** The draft's status, not the page's "Loading…". */
const saveStatus = (page: Page) => page.getByRole("status").filter({ hasNotText: "Loading" });

test("the coach edits a question, reorders with the keyboard and previews it as the client sees it", async ({
  page,
}) => {
  await signIn(page, PEOPLE.coach, { to: "/admin" });
  await gotoHydrated(page, "/admin/intake");
  await expect(page.getByRole("heading", { level: 1, name: "Intake questionnaire" })).toBeVisible();
  const preview = region(page, "Preview");
  const label = unique("Which roles are you aiming for");
  const first = page.getByRole("textbox", { name: "Question 1", exact: true });
  await first.fill(label);
  await expect(preview.getByText(label)).toBeVisible();
  // The preview is the client's own component: a text box under the label, which does nothing here.
  await expect(preview.getByRole("textbox", { name: new RegExp(label) })).toBeDisabled();

  // Move question 2 above question 1 and back, by keyboard only.
  const second = await page.getByRole("textbox", { name: "Question 2", exact: true }).inputValue();
  await page.getByRole("button", { name: "Move question 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Question 1", exact: true })).toHaveValue(second);
  await expect(page.getByRole("textbox", { name: "Question 2", exact: true })).toHaveValue(label);
  // At the top its Up button is disabled: the focus goes to its Down button, not to the page.
  await expect(page.getByRole("button", { name: "Move question 1 down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Question 1", exact: true })).toHaveValue(label);
  await expect(page.getByRole("button", { name: "Move question 2 down" })).toBeFocused();

  // A question with no text is refused in the browser, with the server's words.
  await first.fill("   ");
  await page.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByRole("alert")).toHaveText("Question 1: Write the question.");
  await first.fill(label);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByText(/^Saved as version \d+\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Question 1", exact: true })).toHaveValue(label);
});

test("a new client sees the card, types, reloads without losing it, sends once; the coach reads the answers", async ({
  page,
  newPage,
}) => {
  // Three people sign in on a shared, busy machine.
  test.setTimeout(360_000);
  const who = freshIdentity("Intake");
  const client = await signedInPage(newPage, who, "/dashboard");

  await test.step("the admin converts the new lead", async () => {
    await signIn(page, PEOPLE.admin, { to: "/admin" });
    await gotoHydrated(page, `/admin/clients?${new URLSearchParams({ q: who.email })}`);
    await page.getByRole("button", { name: "Convert to client" }).click();
    await expect(page.getByRole("button", { name: "Convert to client" })).toHaveCount(0);
  });

  const me = client.page;
  const worry = `<b>System design</b> & "salary" talks ${unique("worry")}`;
  await test.step("'Before your first session' comes first on the dashboard", async () => {
    await gotoHydrated(me, "/dashboard");
    const card = region(me, "Before your first session");
    await expect(card).toBeVisible();
    const firstSection = me.getByRole("main").getByRole("region").first();
    await expect(firstSection).toHaveAccessibleName("Before your first session");
    await card.getByRole("link", { name: "Fill in the intake questionnaire" }).click();
    await expect(me).toHaveURL(/\/intake$/);
  });

  await test.step("answers are saved as typed and are still there after a reload", async () => {
    await gotoHydrated(me, "/intake");
    await expectNoAxeViolations(me);
    await field(me, "target-roles").fill("Backend engineer");
    await field(me, "worry").fill(worry);
    await me.getByRole("radio", { name: "Between jobs" }).check();
    await expect(saveStatus(me)).toHaveText("Saved");
    await me.reload();
    await expect(field(me, "target-roles")).toHaveValue("Backend engineer");
    await expect(field(me, "worry")).toHaveValue(worry);
    await expect(me.getByRole("radio", { name: "Between jobs" })).toBeChecked();
  });

  await test.step("typed while offline: kept in the browser and sent when back", async () => {
    // The page's live-update streams, so the step can have one ask for the page's data while offline.
    const liveUpdate = await liveStreamsOf(me);
    await gotoHydrated(me, "/intake");
    // A live update whose request gets no answer (the connection dropped as it travelled) keeps the page.
    const pageData = (url: URL) => url.pathname === "/intake.data";
    await me.route(pageData, (route) =>
      route.request().method() === "GET" ? route.abort("failed") : route.fallback(),
    );
    const dropped = me.waitForEvent("requestfailed", (request) => pageData(new URL(request.url())));
    await liveUpdate();
    await dropped;
    await me.unroute(pageData);
    await me.context().setOffline(true);
    // A live update while offline (the stream's catch-up replaying a recent change does this just after a
    // load) must not put the error page over the form either: it waits for the browser to be back.
    await liveUpdate();
    // Bounded: with the error page up there is no field, and an unbounded fill waits out the test.
    await field(me, "target-roles").fill("Staff backend engineer", { timeout: 20_000 });
    await expect(saveStatus(me)).toHaveText("Not saved yet — we'll keep trying");
    await expect(field(me, "target-roles")).toHaveValue("Staff backend engineer");
    await me.context().setOffline(false);
    await me.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(saveStatus(me)).toHaveText("Saved");
    await me.reload();
    await expect(field(me, "target-roles")).toHaveValue("Staff backend engineer");
  });

  await test.step("a required answer missing is named; then it is sent once", async () => {
    await gotoHydrated(me, "/intake");
    await me.getByRole("button", { name: "Send my answers" }).click();
    await expect(me.getByRole("alert")).toHaveText("Answer this question.");
    await me.getByRole("radio", { name: "In 1–3 months" }).check();
    await me.getByRole("button", { name: "Send my answers" }).click();
    await expect(me.getByRole("heading", { name: "Thank you — your coach has your answers" })).toBeVisible();
    // Sent: this browser keeps no copy of the answers (a shared computer).
    await expect
      .poll(() =>
        me.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("intake-draft:"))),
      )
      .toEqual([]);
    // Shown as the characters typed, never as markup.
    await expect(me.getByText(worry)).toBeVisible();
    await expect(me.locator("main b")).toHaveCount(0);
    await gotoHydrated(me, "/dashboard");
    await expect(region(me, "Before your first session")).toHaveCount(0);
  });

  await test.step("the coach reads the answers beside the questions on the client's page", async () => {
    const coach = await signedInPage(newPage, PEOPLE.coach, "/admin");
    const page = coach.page;
    await page.goto(`/admin/clients?${new URLSearchParams({ q: who.email })}`);
    await page.getByRole("link", { name: "Open", exact: true }).click();
    const intake = region(page, "Intake");
    await expect(intake.getByText("Staff backend engineer")).toBeVisible();
    await expect(intake.getByText(worry)).toBeVisible();
    await expect(intake.getByText("Between jobs")).toBeVisible();
    await gotoHydrated(page, new URL(page.url()).pathname);
    await intake.getByRole("button", { name: "Ask to fill in again" }).click();
    await expect(intake.getByText(/^Waiting for answers since/)).toBeVisible();
    // While one waits there is nothing to ask (docs/decisions/0051-finished-screens.md); a post from a page
    // opened before is still refused with words.
    await expect(intake.getByRole("button", { name: /^Ask to fill in/ })).toHaveCount(0);
    const again = await page.request.post(new URL(page.url()).pathname, { form: { intent: "ask-intake" } });
    expect(again.status()).toBe(409);
    expect(await again.text()).toContain("They already have a questionnaire waiting for answers.");
    await coach.context.close();
  });
  await client.context.close();
});
