import type { Page } from "@playwright/test";
import { addApplication, freshClient } from "./job-clients";
import { freshIdentity, type NamedIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, type NewPage, region, test } from "./support";

// The public figure (docs/decisions/0053-job-search.md, "Outcomes"): absent below five consented outcomes,
// the count and median at five, never a name, and gone again when one client takes their consent back in
// /account. It counts every client's outcomes, so it runs in the "fresh-site" project (playwright.config.ts)
// before every other spec, on the e2e database as the seed left it: no outcome at all (app/server/seed.server.ts
// writes none). Each accept is a post to the compare page's own action (clicking it is
// tests/e2e/job-offers.spec.ts's and job-outcomes.spec.ts's), so this spec stays short; the revocation is clicked.

const PROGRAM = "/next-offer-coaching-program";
const FIGURE = "5 clients landed offers; median 1 week from the start of coaching to the offer.";

/** The program page as a new visitor reads it: a context of its own, since the page may be cached a minute. */
async function programHtml(newPage: NewPage): Promise<{ page: Page; html: string }> {
  const page = await newPage();
  const response = await page.goto(PROGRAM);
  expect(response?.status()).toBe(200);
  return { page, html: await page.content() };
}

async function expectNoFigure(newPage: NewPage) {
  const { page, html } = await programHtml(newPage);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(region(page, "Outcomes")).toHaveCount(0);
  expect(html).not.toContain("landed offers");
  await page.context().close();
}

/** A client who bought Pro on the local test checkout: their start of coaching is known (the order's fulfilment). */
async function buyer(newPage: NewPage) {
  const person = freshIdentity("Figure");
  const page = await newPage();
  await signIn(page, person, { to: "/checkout?offer=pro&currency=CAD&option=upfront" });
  await page.getByRole("button", { name: "Continue to the test checkout" }).click();
  await page.getByRole("button", { name: "Pay $900 CAD (test)" }).click();
  await expect(page.getByRole("heading", { name: "Thank you: payment received" })).toBeVisible();
  return { person, page };
}

/** An application, its offer, and the offer accepted through the compare page's action, ticked or not. */
async function acceptAnOffer({ person, page }: { person: NamedIdentity; page: Page }, consent: boolean) {
  const id = await addApplication(page, `Figure Co ${person.sub.slice(-6)}`);
  const offer = { intent: "save-offer", currency: "CAD", base: "150000" };
  expect((await page.request.post(`/applications/${id}`, { form: offer })).status()).toBe(200);
  await page.goto("/applications/offers");
  const offerId = (await page.locator('input[name="offerId"]').getAttribute("value")) ?? "";
  const form = { intent: "accept", offerId, ...(consent ? { consent: "on" } : {}) };
  expect((await page.request.post("/applications/offers", { form })).status()).toBe(200);
}

test("the public figure appears only once five clients agreed to be counted, names no one, and a revoked consent takes it back", async ({
  newPage,
}) => {
  await test.step("the fresh site: no outcome, no figure", async () => expectNoFigure(newPage));

  const admin = await signedInPage(newPage, PEOPLE.admin, "/admin");
  const clients: { person: NamedIdentity; page: Page }[] = [];
  await test.step("four consented outcomes (two with a known start) and one not consented: no figure", async () => {
    for (const client of [await buyer(newPage), await buyer(newPage)]) {
      await acceptAnOffer(client, true);
      clients.push(client);
    }
    for (const consent of [true, true, false]) {
      const client = await freshClient(newPage, "Figure", undefined, admin.page);
      await acceptAnOffer(client, consent);
      clients.push(client);
    }
    await expectNoFigure(newPage);
  });

  const fifth = await freshClient(newPage, "Figure", undefined, admin.page);
  await test.step("the fifth consented outcome: the count and the median of the known starts, no name", async () => {
    await acceptAnOffer(fifth, true);
    clients.push(fifth);
    const { page, html } = await programHtml(newPage);
    // Five counted of six outcomes; the median over the two bought plans (offer the day of purchase: 0 days,
    // shown as at least a week); the three coach-granted ones counted have no known start (0053).
    await expect(region(page, "Outcomes").getByText(FIGURE, { exact: true })).toBeVisible();
    for (const { person } of clients) {
      expect(html).not.toContain(person.name);
      expect(html).not.toContain(person.email);
    }
    await page.context().close();
  });

  await test.step("the fifth client takes their consent back in /account: the figure is gone", async () => {
    await gotoHydrated(fifth.page, "/account");
    const section = region(fifth.page, "Your outcome in the public figures");
    const box = section.getByRole("checkbox", { name: /^Count my outcome, without my name/ });
    await expect(box).toBeChecked();
    await box.uncheck();
    await section.getByRole("button", { name: "Save" }).click();
    await expect(section.getByRole("status")).toHaveText(
      "Your outcome no longer counts in the public figures.",
    );
    await expectNoFigure(newPage);
  });

  // job-outcomes.spec.ts adds one consented outcome later: with three left here the figure stays off for the
  // whole run, so no other spec's program page depends on which ran first.
  const revoked = await clients[0]?.page.request.post("/account", { form: { intent: "outcome-consent" } });
  expect(revoked?.status()).toBe(200);
});
