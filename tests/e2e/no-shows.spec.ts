import type { APIRequestContext, Page } from "@playwright/test";
import { calDelivery, calSignature } from "../support/cal.ts";
import { proClientBesideAdmin } from "./admin-pages";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE_360 } from "./appearance";
import { readyToBook } from "./onboarding-pages";
import { PEOPLE, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// Issue 45 (docs/decisions/0055-no-shows-and-expiry.md, "No-shows"): the coach, on a phone, marks a fresh
// client's past session a no-show on the client's page and reads it counted on /admin/capacity; without
// a script, the same button undoes it.

const deliver = (request: APIRequestContext, body: string) =>
  request.post("/webhooks/cal", {
    headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(body) },
    data: body,
  });

/** The 30-minute sessions' no-shows, all time, as the capacity page's card shows them. */
async function noShowsAllTime(page: Page): Promise<number> {
  await gotoHydrated(page, "/admin/capacity");
  const table = page.getByRole("table", { name: "No-shows per service" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "30-minute coaching session" }) });
  return Number(
    await row
      .locator('td[data-label="All time:"]')
      .innerText()
      .then((t) => t.replace(/\D/g, "")),
  );
}

test("the coach marks a past session a no-show on a phone and reads it on Capacity", async ({
  request,
  newPage,
}) => {
  const { person, client, id } = await proClientBesideAdmin(newPage, "Missed");
  await readyToBook(client.page, person.name);
  const book = client.page.getByRole("link", { name: "Book a session", exact: true });
  const token = new URL((await book.getAttribute("href")) ?? "").searchParams.get("metadata[portal]") ?? "";
  // Three hours ago: a session that has taken place.
  const start = new Date(Date.now() - 3 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  const delivery = calDelivery("BOOKING_CREATED", { email: person.email, name: person.name, token, start });
  const answer = await deliver(request, delivery.body);
  expect(answer.status(), await answer.text()).toBe(200);

  const coach = await newPage({ viewport: PHONE_360 });
  await signIn(coach, PEOPLE.coach, { to: "/admin" });
  const before = await noShowsAllTime(coach);

  await test.step("Mark no-show, by keyboard, on the client's page", async () => {
    await gotoHydrated(coach, `/admin/clients/${id}`);
    const booked = coach.getByRole("region", { name: "Sessions booked" });
    const mark = booked.getByRole("button", { name: /^Mark no-show: Coaching session between/ });
    await mark.focus();
    await coach.keyboard.press("Enter");
    await expect(booked.getByText("No-show, marked by the coach")).toBeVisible();
    await expect(booked.getByRole("button", { name: /^Undo no-show:/ })).toBeVisible();
    await expectNoSidewaysScroll(coach, "Client, no-show");
    await booked.screenshot({ path: "test-results/no-shows-client-360.png" });
    await expectNoAxeViolations(coach);
  });

  await test.step("Capacity counts it", async () => {
    expect(await noShowsAllTime(coach)).toBe(before + 1);
    const table = coach.getByRole("table", { name: "No-shows per service" });
    await expect(table.locator('td[data-label="Last 12 months:"]').first()).toBeVisible();
    await expectNoSidewaysScroll(coach, "Capacity, no-shows");
    await coach
      .getByRole("region", { name: "No-shows" })
      .screenshot({ path: "test-results/no-shows-capacity-360.png" });
  });

  await test.step("without a script, Undo no-show posts the form and the page says so", async () => {
    const plain = await newPage({ javaScriptEnabled: false, viewport: PHONE_360 });
    await signIn(plain, PEOPLE.coach, { to: `/admin/clients/${id}` });
    const booked = plain.getByRole("region", { name: "Sessions booked" });
    await booked.getByRole("button", { name: /^Undo no-show:/ }).click();
    await plain.goto(`/admin/clients/${id}`);
    await expect(booked.getByRole("button", { name: /^Mark no-show:/ })).toBeVisible();
    await expect(booked.getByText("No-show, marked by the coach")).toHaveCount(0);
    expect(await noShowsAllTime(coach)).toBe(before);
  });
});
