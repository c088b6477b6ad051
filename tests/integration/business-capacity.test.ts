import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { type CapacityRow, capacityByKind } from "~/domain/capacity";
import type { ServiceKind } from "~/domain/plans";
import { planExpiresAt } from "~/domain/practice";
import { bookedWeek, capacityRows } from "~/server/business/capacity.server";
import { setPracticeRules } from "~/server/models/practice-settings.server";
import { authorize } from "~/server/policy.server";
import { bookings, profiles, serviceUsage } from "~/server/schema";
import { practiceSettings } from "~/server/schema-practice";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { databaseForFile } from "../support/test-database";
import { uniqueId } from "../support/text";

// Capacity (docs/decisions/0054-business-at-a-glance.md): sold from the plans' allowances, delivered from
// the usage ledger less what counted bookings ahead hold, booked ahead, remaining never negative; and the
// week's booked load on the coach's clock (America/Toronto; EDT from 2026-03-08, UTC−4).

const db = databaseForFile();
const NOW = new Date("2026-03-10T12:00:00Z");

async function use(clientId: string, kind: ServiceKind, ...amounts: (1 | -1)[]) {
  for (const amount of amounts)
    await db()
      .insert(serviceUsage)
      .values({ clientId, kind, amount, minutes: kind === "session_30m" && amount === 1 ? 30 : null });
}

async function book(
  startsAt: string,
  values: {
    clientId?: string;
    kind?: "session_30m" | "mock_interview";
    counted?: boolean;
    cancelled?: boolean;
  } = {},
) {
  const uid = `bk_${uniqueId()}`;
  const start = new Date(startsAt);
  await db()
    .insert(bookings)
    .values({
      uid,
      currentUid: uid,
      clientId: values.clientId ?? null,
      kind: values.kind ?? "session_30m",
      eventType: "30min",
      title: "Session",
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60 * 1000),
      attendeeEmail: "someone@example.com",
      counted: values.counted ?? false,
      status: values.cancelled ? "cancelled" : "booked",
    });
}

describe(`capacity, on ${databaseLabel}`, () => {
  test("sold, delivered, booked ahead and remaining per plan and kind, in one grouped read", async () => {
    const permit = authorize(await insertPerson(db(), "coach", null, "Coach"), "capacity.read");
    const a = await insertPerson(db(), "client", "pro", "Pro A");
    const b = await insertPerson(db(), "client", "pro", "Pro B");
    const c = await insertPerson(db(), "client", null, "Planless C");
    const lead = await insertPerson(db(), "lead", "pro", "Lead D");
    // A: three sessions in the ledger, one of them a counted booking tomorrow; a past counted one.
    await use(a.id, "session_30m", 1, 1, 1);
    await book("2026-03-11T15:00:00Z", { clientId: a.id, counted: true });
    await book("2026-03-01T15:00:00Z", { clientId: a.id, counted: true });
    await book("2026-03-12T15:00:00Z", { clientId: a.id, kind: "mock_interview" });
    await book("2026-03-13T15:00:00Z", { clientId: a.id, cancelled: true });
    await use(a.id, "resume_review", 1);
    // B: one session used, four booked ahead over the plan: remaining is 0, never −1.
    await use(b.id, "session_30m", 1, 1, -1);
    for (const day of ["01", "02", "03", "06"]) await book(`2026-04-${day}T15:00:00Z`, { clientId: b.id });
    // C: no plan reads as basic; a stray −1 is no negative delivery. A lead's plan sells nothing.
    await use(c.id, "mock_interview", -1);
    await use(lead.id, "session_30m", 1);

    const rows = await capacityRows(db(), permit, NOW);
    const row = (plan: string, kind: string) => rows.find((r) => r.plan === plan && r.kind === kind);
    expect(row("pro", "session_30m")).toEqual({
      plan: "pro",
      kind: "session_30m",
      clients: 2,
      sold: 8,
      delivered: 3,
      ahead: 5,
      remaining: 1,
      expired: 0,
    });
    expect(row("pro", "mock_interview")).toMatchObject({ sold: 6, delivered: 0, ahead: 1, remaining: 5 });
    expect(row("pro", "resume_review")).toMatchObject({ sold: 2, delivered: 1, ahead: 0, remaining: 1 });
    expect(row("basic", "mock_interview")).toMatchObject({ clients: 1, sold: 1, delivered: 0, remaining: 1 });
    expect(row("basic", "session_30m")).toMatchObject({ sold: 0, delivered: 0, remaining: 0 });
    const byKind = capacityByKind(rows);
    expect(byKind.find((k) => k.kind === "session_30m")).toMatchObject({ sold: 8, delivered: 3, ahead: 5 });
    expect(byKind.some((k) => k.kind === "networking_events_list")).toBe(false);
  });

  test("expired: what a counted kind had left when the client's period ended; their remaining is then 0", async () => {
    const admin = await insertPerson(db(), "admin", null, "Admin");
    const permit = authorize(admin, "capacity.read");
    const premium = async (name: string, started: string | null, created?: string) => {
      const person = await insertPerson(db(), "client", "premium", name);
      await db()
        .update(profiles)
        .set({
          planStartedAt: started ? new Date(started) : null,
          ...(created ? { createdAt: new Date(created) } : {}),
        })
        .where(eq(profiles.id, person.id));
      return person;
    };
    // P1's period ends on 28 February (31 January plus a month, the shorter month's last day).
    const p1 = await premium("Premium 1", "2026-01-31T09:00:00Z");
    await use(p1.id, "session_30m", 1, 1);
    await use(p1.id, "resume_review", 1);
    await book("2026-03-20T15:00:00Z", { clientId: p1.id });
    // P2 has no plan start: its creation counts, and its period ends at NOW exactly (ended).
    await premium("Premium 2", null, "2026-02-10T12:00:00Z");
    // P3's ends on 28 March.
    const p3 = await premium("Premium 3", "2026-02-28T12:00:00Z");
    await use(p3.id, "mock_interview", 1);
    const of = (rows: CapacityRow[], kind: string) =>
      rows.find((r) => r.plan === "premium" && r.kind === kind);

    // No period set: nothing expires, whenever the plans started.
    expect(of(await capacityRows(db(), permit, NOW), "session_30m")).toMatchObject({
      remaining: 16 * 3 - 3,
      expired: 0,
    });

    await setPracticeRules(db(), authorize(admin, "practice.settings"), {
      noShowCountsAsUsed: true,
      expiryMonths: 1,
    });
    const rows = await capacityRows(db(), permit, NOW);
    // P1: 16 − 2 delivered − 1 ahead = 13 expired; P2: 16; P3: 16 remaining.
    expect(of(rows, "session_30m")).toEqual({
      plan: "premium",
      kind: "session_30m",
      clients: 3,
      sold: 48,
      delivered: 2,
      ahead: 1,
      remaining: 16,
      expired: 29,
    });
    expect(of(rows, "mock_interview")).toMatchObject({ delivered: 1, remaining: 5, expired: 12 });
    // A review is no session: it never expires.
    expect(of(rows, "resume_review")).toMatchObject({ delivered: 1, remaining: 2, expired: 0 });
    expect(capacityByKind(rows).find((k) => k.kind === "session_30m")).toMatchObject({ expired: 29 });

    // On 1 March only P1's period is over: the database ends it on 28 February, as planExpiresAt does.
    const march = await capacityRows(db(), permit, new Date("2026-03-01T00:00:00Z"));
    expect(planExpiresAt(new Date("2026-01-31T09:00:00Z"), 1)?.toISOString()).toBe(
      "2026-02-28T09:00:00.000Z",
    );
    expect(of(march, "session_30m")).toMatchObject({ remaining: 32, expired: 13 });
    // A second before P2's end: not over yet.
    const before = await capacityRows(db(), permit, new Date("2026-03-10T11:59:59Z"));
    expect(of(before, "session_30m")).toMatchObject({ remaining: 32, expired: 13 });
    await db().delete(practiceSettings);
  });

  test("the week's load: seven calendar days from today on the coach's clock, cancelled ones out", async () => {
    const permit = authorize(await insertPerson(db(), "coach", null, "Coach"), "capacity.read");
    await book("2026-03-10T03:00:00Z"); // Mar 9, 23:00 in Toronto: yesterday.
    await book("2026-03-10T05:00:00Z"); // Mar 10, 01:00: today, though past.
    await book("2026-03-11T03:00:00Z", { kind: "mock_interview" }); // Mar 10, 23:00.
    await book("2026-03-16T12:00:00Z", { cancelled: true });
    await book("2026-03-17T03:30:00Z"); // Mar 16, 23:30: the last day.
    await book("2026-03-17T05:00:00Z"); // Mar 17, 01:00: next week.
    const week = await bookedWeek(db(), permit, NOW);
    expect(week.map((d) => d.day)).toEqual([
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
      "2026-03-16",
    ]);
    // The first test's bookings on Mar 11 (A's session) and Mar 12 (A's interview) are in the week too.
    expect(week[0]).toEqual({ day: "2026-03-10", sessions: 1, interviews: 1, total: 2 });
    expect(week[1]).toMatchObject({ sessions: 1, total: 1 });
    expect(week[2]).toMatchObject({ interviews: 1, total: 1 });
    expect(week[3]).toMatchObject({ total: 0 });
    expect(week[6]).toMatchObject({ sessions: 1, total: 1 });
  });
});
