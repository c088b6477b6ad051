import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { funnelFrom, sourcesByOffer } from "~/domain/funnel";
import type { Plan, Role } from "~/domain/plans";
import { buyerSources, homeworkTurnaround, leadCohorts } from "~/server/business/funnel.server";
import { authorize } from "~/server/policy.server";
import {
  auditEvents,
  codeRedemptions,
  discountCodes,
  homework,
  orders,
  payments,
  profiles,
} from "~/server/schema";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { databaseForFile } from "../support/test-database";
import { uniqueId } from "../support/text";

// The funnel (docs/decisions/0054-business-at-a-glance.md): leads per month and the audit row that made
// each a client, buyers' first paid order and the code on it, and homework's hand-in to review.

const db = databaseForFile();
const NOW = new Date("2026-03-10T12:00:00Z");
const FROM = funnelFrom(NOW);
const staffPermit = async () => authorize(await insertPerson(db(), "coach", null, "Coach"), "capacity.read");

async function person(role: Role, plan: Plan | null, createdAt: string) {
  const who = await insertPerson(db(), role, plan, `Person ${uniqueId()}`);
  await db()
    .update(profiles)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(profiles.id, who.id));
  return who;
}

async function audit(targetId: string, action: string, after: Record<string, unknown>, at: string) {
  await db()
    .insert(auditEvents)
    .values({ action, targetId, entity: "profile", entityId: targetId, after, createdAt: new Date(at) });
}

async function order(personId: string, offer: string, charged: string | null, codeId: string | null = null) {
  const [row] = await db()
    .insert(orders)
    .values({
      personId,
      offer,
      currency: "CAD",
      option: "upfront",
      mode: "payment",
      unitAmount: 10000,
      status: charged ? "paid" : "pending",
      provider: "stripe",
      discountCodeId: codeId,
    })
    .returning();
  if (!row) throw new Error("no order");
  if (charged)
    await db()
      .insert(payments)
      .values({
        orderId: row.id,
        kind: "charge",
        amount: 10000,
        currency: "CAD",
        reference: `ch_${uniqueId()}`,
        occurredAt: new Date(charged),
      });
  return row;
}

async function code(kind: "referral" | "sponsor", ownerId: string | null) {
  const text = `${kind.toUpperCase()}${uniqueId()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")}`;
  const [row] = await db()
    .insert(discountCodes)
    .values({
      code: text,
      lookup: text.slice(0, 32),
      kind,
      ownerId,
      percent: kind === "sponsor" ? 10 : null,
      reward: kind === "referral" ? "discount" : null,
    })
    .returning();
  if (!row) throw new Error("no code");
  return row;
}

describe(`the funnel, on ${databaseLabel}`, () => {
  test("leads per month, converted by the audit row that made them a client, median days", async () => {
    const permit = await staffPermit();
    const a = await person("client", "pro", "2026-01-05T10:00:00Z");
    await audit(a.id, "lead.convert", { role: "client" }, "2026-01-08T10:00:00Z");
    const b = await person("client", "pro", "2026-01-20T10:00:00Z");
    await audit(b.id, "profile.set-plan", { plan: "pro" }, "2026-01-21T10:00:00Z");
    await audit(b.id, "payment.fulfil", { role: "client", plan: "pro" }, "2026-01-30T10:00:00Z");
    await audit(b.id, "profile.set-role", { role: "client" }, "2026-02-20T10:00:00Z");
    await person("lead", null, "2026-01-25T10:00:00Z");
    const d = await person("client", "basic", "2026-02-01T10:00:00Z");
    await audit(d.id, "lead.convert", { role: "client" }, "2026-02-02T10:00:00Z");
    await person("lead", null, "2025-03-31T23:00:00Z"); // Before the window.
    await person("coach", null, "2026-02-03T10:00:00Z"); // Staff are no leads.

    const rows = await leadCohorts(db(), permit, FROM);
    expect(rows).toEqual([
      { month: "2026-01", leads: 3, converted: 2, medianDays: 6.5 },
      { month: "2026-02", leads: 1, converted: 1, medianDays: 1 },
      { month: "all", leads: 4, converted: 3, medianDays: 3 },
    ]);
  });

  test("buyers by their first paid order's offer and code: direct, referral, sponsor", async () => {
    const permit = await staffPermit();
    const referrer = await person("client", "pro", "2025-01-01T00:00:00Z");
    const referral = await code("referral", referrer.id);
    const sponsor = await code("sponsor", null);
    const direct = await person("client", "pro", "2026-01-01T00:00:00Z");
    await order(direct.id, "pro", "2026-01-02T00:00:00Z");
    const referred = await person("client", "pro", "2026-01-01T00:00:00Z");
    const first = await order(referred.id, "pro", "2026-01-03T00:00:00Z", referral.id);
    await db()
      .insert(codeRedemptions)
      .values({ codeId: referral.id, orderId: first.id, buyerId: referred.id });
    await order(referred.id, "premium", "2026-02-03T00:00:00Z", sponsor.id); // Not their first: not counted.
    const sponsored = await person("client", "premium", "2026-01-01T00:00:00Z");
    await order(sponsored.id, "premium", "2026-02-04T00:00:00Z", sponsor.id); // The order's code, no redemption row.
    const pending = await person("lead", null, "2026-01-01T00:00:00Z");
    await order(pending.id, "pro", null); // A checkout opened, never paid.
    const old = await person("client", "basic", "2024-01-01T00:00:00Z");
    await order(old.id, "basic", "2024-06-01T00:00:00Z");
    await order(old.id, "pro", "2026-02-01T00:00:00Z"); // A buyer since 2024: no new buyer.

    const lines = sourcesByOffer(await buyerSources(db(), permit, FROM));
    expect(lines.map((l) => [l.offer, l.counts, l.total])).toEqual([
      ["pro", { direct: 1, referral: 1, sponsor: 0, reward: 0 }, 2],
      ["premium", { direct: 0, referral: 0, sponsor: 1, reward: 0 }, 1],
    ]);
  });

  test("homework turnaround: the median hours from hand-in to review, in the window", async () => {
    const permit = await staffPermit();
    const client = await person("client", "pro", "2025-01-01T00:00:00Z");
    const hand = (submitted: string | null, reviewed: string | null) =>
      db()
        .insert(homework)
        .values({
          clientId: client.id,
          title: "Homework",
          status: reviewed ? "reviewed" : submitted ? "submitted" : "assigned",
          submittedAt: submitted ? new Date(submitted) : null,
          reviewedAt: reviewed ? new Date(reviewed) : null,
        });
    await hand("2026-01-10T10:00:00Z", "2026-01-10T12:00:00Z"); // 2 hours.
    await hand("2026-02-10T10:00:00Z", "2026-02-10T20:00:00Z"); // 10 hours.
    await hand("2026-02-11T10:00:00Z", "2026-02-12T10:00:00Z"); // 24 hours.
    await hand("2025-01-10T10:00:00Z", "2025-01-20T10:00:00Z"); // Before the window.
    await hand("2026-03-01T10:00:00Z", null); // Not reviewed yet.
    await hand(null, null);
    expect(await homeworkTurnaround(db(), permit, FROM)).toEqual({ reviewed: 3, medianHours: 10 });
  });
});
