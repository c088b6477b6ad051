import { and, eq, notInArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Plan, Role, ServiceKind } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "~/server/db.server";
import { adjustUsage, usagePermission } from "~/server/models/usage.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, homework, profiles, resources, serviceUsage } from "~/server/schema";
import { insertPerson } from "./people";
import { expectRefusedIn } from "./refusal";

// A client's records as the model tests make and read them, on a test file's database (a getter:
// the file opens it in beforeAll).

type UsageKind = (typeof serviceUsage.$inferSelect)["kind"];

export function clientRecords(db: () => Db) {
  /** Inserts a person and returns them as the session would (see insertPerson). */
  const person = (role: Role, plan: Plan | null, name: string | null) => insertPerson(db(), role, plan, name);

  /** adjustUsage as the client page's action calls it, with the actor's permit for that kind. */
  const adjust = (actor: Viewer, clientId: string, kind: ServiceKind, amount: 1 | -1) =>
    adjustUsage(db(), authorize(actor, usagePermission(kind)), clientId, kind, amount);

  /** There must be exactly one audit row. */
  async function withOneAuditRow<T>(run: () => Promise<T>) {
    const seen = (await db().select({ id: auditEvents.id }).from(auditEvents)).map((row) => row.id);
    const value = await run();
    const written = await db()
      .select()
      .from(auditEvents)
      .where(seen.length ? notInArray(auditEvents.id, seen) : undefined);
    expect(written, "audit rows written by one change").toHaveLength(1);
    return { value, audit: written[0] as typeof auditEvents.$inferSelect };
  }

  /** The client's used count of a kind: the sum of its ledger rows. */
  async function usedOf(clientId: string, kind: UsageKind): Promise<number> {
    const [row] = await db()
      .select({ used: sql<number>`coalesce(sum(${serviceUsage.amount}), 0)::int` })
      .from(serviceUsage)
      .where(and(eq(serviceUsage.clientId, clientId), eq(serviceUsage.kind, kind)));
    return row?.used ?? 0;
  }

  async function profileOf(id: string) {
    const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
    if (!row) throw new Error(`profile ${id} missing`);
    return row;
  }

  /** `times` ledger rows of +1 (a session's with its 30 minutes), written directly. */
  async function addUsage(clientId: string, kind: UsageKind, times: number) {
    await db()
      .insert(serviceUsage)
      .values(
        Array.from({ length: times }, () => ({
          clientId,
          kind,
          amount: 1,
          minutes: kind === "session_30m" ? 30 : null,
        })),
      );
  }

  /** A piece of homework the client has handed in, awaiting review. */
  async function submittedHomework(clientId: string, title: string): Promise<string> {
    const [row] = await db()
      .insert(homework)
      .values({ clientId, title, status: "submitted", submittedAt: new Date(), submissionNote: "done" })
      .returning({ id: homework.id });
    if (!row) throw new Error("homework not inserted");
    return row.id;
  }

  async function resourceFor(clientId: string, title: string): Promise<string> {
    const [row] = await db()
      .insert(resources)
      .values({ clientId, kind: "guide", title, url: "https://example.com/guide" })
      .returning({ id: resources.id });
    if (!row) throw new Error("resource not inserted");
    return row.id;
  }

  return {
    person,
    adjust,
    expectRefused: expectRefusedIn(db),
    withOneAuditRow,
    usedOf,
    profileOf,
    addUsage,
    submittedHomework,
    resourceFor,
  };
}

/** What createLesson takes for a plain lesson: a title and a fixed time, nothing else. */
export const lessonInput = (clientId: string, title: string) => ({
  clientId,
  title,
  notes: null,
  occurredAt: new Date("2026-03-01T15:00:00.000Z"),
  recordingUrl: null,
  resources: [],
});

/** The usage rules' refusals, as the admin pages show them. */
export const BELOW_ZERO = "Cannot decrement below zero.";
export const ALREADY_DONE = "Already marked done.";
export const NOT_IN_PLAN = "That isn't part of this client's plan.";
