import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { calDelivery, calSignature } from "../support/cal.ts";
import { parseCalendar } from "../support/ical.ts";
import { proClientBesideAdmin, sessionsBar } from "./admin-pages";
import { readyToBook } from "./onboarding-pages";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// Cal.com deliveries in the browser (docs/decisions/0028-bookings.md, 0036-booking-ownership.md).

/** From another site, no cookie, as Cal.com does. */
const deliver = (request: APIRequestContext, body: string, signature = calSignature(body)) =>
  request.post("/webhooks/cal", {
    headers: { "content-type": "application/json", "x-cal-signature-256": signature },
    data: body,
  });

test("a signed booking shows on the client's open dashboard without a reload; its .ics is a valid event", async ({
  request,
  newPage,
}) => {
  const { person, client, admin } = await proClientBesideAdmin(newPage, "Booker");
  const page = client.page;
  // The first-week steps that hold booking back are tested in agreement.site-wide.spec.ts.
  await readyToBook(page, person.name);
  await expect(sessionsBar(page)).toHaveAttribute("aria-valuetext", "0 of 4 used");
  await expect(page.getByText("No upcoming sessions.")).toBeVisible();
  const book = page.getByRole("link", { name: "Book a session", exact: true });
  const bookUrl = new URL((await book.getAttribute("href")) ?? "");
  expect(bookUrl.searchParams.get("email")).toBe(person.email);
  expect(bookUrl.searchParams.get("name")).toBe(person.name);
  const token = bookUrl.searchParams.get("metadata[portal]") ?? "";
  expect(token).toMatch(/^[A-Za-z0-9_-]+~[A-Za-z0-9_-]{43}$/);
  await page.evaluate(() => {
    (window as unknown as { mark: string }).mark = "same document";
  });

  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const delivery = calDelivery("BOOKING_CREATED", { email: person.email, name: person.name, token, start });

  await test.step("a tampered delivery is refused (401) and changes nothing", async () => {
    const tampered = await deliver(request, delivery.body, calSignature(`${delivery.body} `));
    expect(tampered.status()).toBe(401);
  });

  await test.step("only POST /webhooks/cal, and no larger than its limit", async () => {
    const huge = await deliver(request, "x".repeat(300 * 1024), "0".repeat(64));
    expect(huge.status()).toBe(413);
    expect((await request.get("/webhooks/cal")).status()).toBe(404);
    const twin = await request.post("/webhooks/cal.data", {
      headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(delivery.body) },
      data: delivery.body,
    });
    expect(twin.status()).not.toBe(200);
  });

  await test.step("the signed delivery: count and upcoming session follow on the open page", async () => {
    const answer = await deliver(request, delivery.body);
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(sessionsBar(page)).toHaveAttribute("aria-valuetext", "1 of 4 used");
    const upcoming = page.getByRole("list", { name: "Upcoming sessions" });
    await expect(upcoming.getByText(/Coaching session between/)).toBeVisible();
    await expect(upcoming.getByRole("link", { name: "Join" })).toHaveAttribute(
      "href",
      `https://app.cal.com/video/${delivery.uid}`,
    );
    expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same document");
    await expect(upcoming.getByRole("link", { name: "Reschedule or cancel" })).toHaveAttribute(
      "href",
      `https://cal.com/booking/${delivery.uid}`,
    );
    await expect(upcoming).toContainText(
      "Reschedule or cancel at least 24 hours before the start to keep the session; later, it stays used.",
    );
  });

  await test.step("Add to calendar downloads an .ics that parses as the session", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Add to calendar" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("session.ics");
    const file = await download.path();
    const events = parseCalendar(readFileSync(file, "utf8"));
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toMatch(/^Coaching session between/);
    expect(events[0]?.start.toISOString()).toBe(start.toISOString());
    expect(events[0]?.end.toISOString()).toBe(new Date(start.getTime() + 30 * 60_000).toISOString());
  });

  await test.step("the coach's admin home lists it this week", async () => {
    await admin.page.goto("/admin");
    const week = admin.page.getByRole("list", { name: "This week's sessions" });
    await expect(week.getByRole("link", { name: person.name })).toBeVisible();
  });
});

test("an unmatched booking appears on the open admin home; the admin assigns it and it then counts for that client", async ({
  request,
  newPage,
}) => {
  const { person, client, admin } = await proClientBesideAdmin(newPage, "Assignee");
  const stranger = `${person.sub}-other@elsewhere.example`;
  const delivery = calDelivery("BOOKING_CREATED", {
    email: stranger,
    name: "Someone Else",
    start: new Date(Date.now() + 2 * 86_400_000),
  });
  const page = admin.page;
  await gotoHydrated(page, "/admin");
  await page.evaluate(() => {
    (window as unknown as { mark: string }).mark = "same document";
  });
  const answer = await deliver(request, delivery.body);
  expect(answer.status()).toBe(200);

  // A staff-only event: the admin home lists it without a reload.
  const waiting = page
    .getByRole("list", { name: "Bookings to resolve" })
    .getByRole("listitem")
    .filter({ hasText: stranger });
  await expect(waiting).toContainText("Unmatched: assign it to someone");
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same document");
  await waiting.getByLabel("Assign to (a client's or lead's email)").fill(person.email);
  await waiting.getByRole("button", { name: "Assign" }).click();
  await expect(waiting).toHaveCount(0);
  await expect(sessionsBar(client.page)).toHaveAttribute("aria-valuetext", "1 of 4 used");
  await expect(client.page.getByRole("list", { name: "Upcoming sessions" })).toContainText(
    "Coaching session",
  );
});

test("a booking with a client's email but not from their portal link counts only once an admin confirms it", async ({
  request,
  newPage,
}) => {
  const { person, client, admin } = await proClientBesideAdmin(newPage, "Claimed");
  await expect(sessionsBar(client.page)).toHaveAttribute("aria-valuetext", "0 of 4 used");
  await gotoHydrated(admin.page, "/admin");
  // Not from her portal link: no token in the metadata.
  const delivery = calDelivery("BOOKING_CREATED", {
    email: person.email,
    name: person.name,
    start: new Date(Date.now() + 2 * 86_400_000),
  });
  const answer = await deliver(request, delivery.body);
  expect(answer.status()).toBe(200);
  const waiting = admin.page
    .getByRole("list", { name: "Bookings to resolve" })
    .getByRole("listitem")
    .filter({ hasText: person.email });
  const first = person.name.split(" ")[0];
  await expect(waiting).toContainText(
    `To confirm: Booked with ${first}'s email but not from their portal link`,
  );
  await client.page.reload();
  await expect(sessionsBar(client.page)).toHaveAttribute("aria-valuetext", "0 of 4 used");
  await expect(client.page.getByText("No upcoming sessions.")).toBeVisible();
  await waiting.getByRole("button", { name: `Confirm for ${person.name}` }).click();
  await expect(waiting).toHaveCount(0);
  await expect(sessionsBar(client.page)).toHaveAttribute("aria-valuetext", "1 of 4 used");
});
