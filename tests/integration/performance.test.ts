import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DASHBOARD_ACTIVITY_LIMIT } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import { parseJsonText } from "~/lib/json-text";
import {
  createSession,
  endSession,
  readSessionCached,
  revokeAllSessions,
  SESSION_RENEW_WITHIN_MS,
} from "~/server/auth/session.server";
import {
  forgetPerson,
  listenForSessionChanges,
  resetSessionCache,
  SESSION_CACHE_TTL_MS,
} from "~/server/auth/session-cache.server";
import { recentActivities } from "~/server/models/activities.server";
import { ownBookings } from "~/server/models/bookings-read.server";
import { deletePerson } from "~/server/models/data-rights.server";
import { hasFailedPayment } from "~/server/models/orders.server";
import { setPlan, setRole } from "~/server/models/people.server";
import { type ActivityJson, dashboardData, usageRows } from "~/server/models/portal.server";
import { authorize } from "~/server/policy.server";
import { activities, bookings, orders, profiles, sessions } from "~/server/schema";
import { SEED_PEOPLE } from "~/server/seed.server";
import { databaseLabel } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { insertPerson } from "../support/people";
import { modelRefusal } from "../support/refusal";
import { openDatabaseForFile } from "../support/test-database";

// docs/decisions/0018-performance.md: the one-statement dashboard read gives what two reads gave, and the
// session cache never serves an ended session or a changed role or plan.

const database = openDatabaseForFile({ seed: true });
const db = () => database().db;
const files = fileStoreForFile();

const staffAndLead: Record<string, Viewer> = {};

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "integration-session-secret-0123456789abcdef";
  for (const key of ["admin", "coach", "lead"]) staffAndLead[key] = await seeded(key);
});
afterAll(() => resetSessionCache());

async function seeded(key: string): Promise<Viewer> {
  const email = SEED_PEOPLE.find((p) => p.key === key)?.email ?? "";
  const [row] = await db().select().from(profiles).where(eq(profiles.email, email));
  if (!row) throw new Error(`no seeded ${key}`);
  return { id: row.id, email: row.email, fullName: row.fullName, role: row.role, plan: row.plan };
}

const withDate = (entry: ActivityJson) => ({ ...entry, occurredAt: new Date(entry.occurredAt) });

const byKind = (rows: { kind: string; amount: number }[]) =>
  [...rows].sort((a, b) => a.kind.localeCompare(b.kind) || a.amount - b.amount);

describe(`dashboardData (${databaseLabel})`, () => {
  test.each(["basic", "pro", "premium"])(
    "the %s client's usage and activity match the separate reads",
    async (key) => {
      const viewer = await seeded(key);
      const one = await dashboardData(db(), authorize(viewer, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT);
      expect(one.usage.length).toBeGreaterThan(0);
      expect(byKind(one.usage)).toEqual(byKind(await usageRows(db(), authorize(viewer, "portal.read-own"))));
      const activity = parseJsonText(one.activity);
      expect(activity.length).toBeGreaterThan(0);
      expect(activity.every((a) => typeof a.occurredAt === "string")).toBe(true);
      expect(activity.map(withDate)).toEqual(
        await recentActivities(db(), authorize(viewer, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT),
      );
      expect(one.bookings).toEqual(await ownBookings(db(), authorize(viewer, "portal.read-own")));
      expect(one.paymentFailed).toBe(await hasFailedPayment(db(), authorize(viewer, "portal.read-own")));
    },
  );

  test("at most the limit, newest first; a client with nothing has empty lists", async () => {
    const viewer = await seeded("premium");
    const two = await dashboardData(db(), authorize(viewer, "portal.read-own"), 2);
    expect(parseJsonText(two.activity)).toHaveLength(2);
    expect(parseJsonText(two.activity).map(withDate)).toEqual(
      await recentActivities(db(), authorize(viewer, "portal.read-own"), 2),
    );
    const fresh = await insertPerson(db(), "client", "pro", "Empty Client");
    expect(await dashboardData(db(), authorize(fresh, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT)).toEqual({
      usage: [],
      activity: "[]",
      bookings: [],
      paymentFailed: false,
      // No expiry period is set in this file (docs/decisions/0055-no-shows-and-expiry.md, "Expiry").
      expiry: null,
      // Inserted directly, with no intake request, and no agreement published in this file.
      steps: { intake: false, agreement: null, blocksBooking: { intake: false, agreement: false } },
    });
    await db().insert(activities).values({ clientId: viewer.id, title: "Only Sofia's" });
    expect(
      (await dashboardData(db(), authorize(fresh, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT)).activity,
    ).toBe("[]");
  });

  test("bookings and a past-due payment read as ownBookings and hasFailedPayment read them", async () => {
    const viewer = await insertPerson(db(), "client", "pro", "Booked Client");
    const permit = authorize(viewer, "portal.read-own");
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 30, hours, 0, 0, 123));
    await db()
      .insert(bookings)
      .values(
        [12, 9].map((hour, i) => ({
          uid: `perf-${viewer.id}-${i}`,
          currentUid: `perf-${viewer.id}-${i}`,
          clientId: viewer.id,
          kind: "session_30m" as const,
          eventType: "30-min",
          title: `Session ${i}`,
          startsAt: at(hour),
          endsAt: at(hour + 1),
          attendeeEmail: viewer.email,
          joinUrl: i === 0 ? "https://meet.example.com/x" : null,
          resolvedAt: i === 1 ? at(20) : null,
        })),
      );
    await db().insert(orders).values({
      personId: viewer.id,
      offer: "pro",
      currency: "USD",
      option: "upfront",
      mode: "subscription",
      unitAmount: 10_000,
      status: "past_due",
      provider: "local",
    });
    const one = await dashboardData(db(), permit, DASHBOARD_ACTIVITY_LIMIT);
    expect(one.bookings).toHaveLength(2);
    expect(one.bookings).toEqual(await ownBookings(db(), permit));
    expect(one.paymentFailed).toBe(true);
    expect(await hasFailedPayment(db(), permit)).toBe(true);
  });

  test("staff and leads are refused (a client's own data only)", async () => {
    for (const key of ["admin", "coach", "lead"]) {
      const refusal = await modelRefusal(() =>
        dashboardData(db(), authorize(staffAndLead[key] as Viewer, "portal.read-own"), 8),
      );
      expect(refusal.init?.status).toBe(403);
    }
  });
});

describe(`session cache (${databaseLabel})`, () => {
  const requestWith = (setCookie: string) =>
    new Request("http://localhost/dashboard", { headers: { cookie: setCookie.split(";")[0] ?? "" } });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  beforeAll(async () => {
    resetSessionCache();
    listenForSessionChanges(database().bus);
    await settle();
  });

  async function signedIn(role: "client" | "lead" = "client") {
    const person = await insertPerson(db(), role, role === "client" ? "basic" : null, "Cached Person");
    const cookie = await createSession(db(), person.id, new Request("http://localhost/login"));
    return { person, request: requestWith(cookie) };
  }

  test("a second read is served from the cache, until the TTL", async () => {
    const { person, request } = await signedIn();
    expect((await readSessionCached(db(), request))?.viewer.id).toBe(person.id);
    // Changed behind the app's back (no event): the cache still answers, for at most the TTL.
    await db().update(profiles).set({ fullName: "Renamed Directly" }).where(eq(profiles.id, person.id));
    expect((await readSessionCached(db(), request))?.viewer.fullName).toBe("Cached Person");
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(10_000);
    forgetPerson(person.id);
    expect((await readSessionCached(db(), request))?.viewer.fullName).toBe("Renamed Directly");
  });

  test("sign-out in this process ends the session at once", async () => {
    const { request } = await signedIn();
    expect(await readSessionCached(db(), request)).not.toBeNull();
    await endSession(db(), request);
    expect(await readSessionCached(db(), request)).toBeNull();
  });

  test("sign-out everywhere, a role change, a plan change and a deletion are seen at once", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await readSessionCached(db(), a.request);
    await revokeAllSessions(db(), a.person.id);
    expect(await readSessionCached(db(), a.request)).toBeNull();

    const admin = staffAndLead.admin as Viewer;
    expect((await readSessionCached(db(), b.request))?.viewer.plan).toBe("basic");
    await setPlan(db(), authorize(admin, "profile.set-plan"), b.person.id, "premium");
    expect((await readSessionCached(db(), b.request))?.viewer.plan).toBe("premium");
    await setRole(db(), authorize(admin, "profile.set-role"), b.person.id, "coach");
    expect((await readSessionCached(db(), b.request))?.viewer.role).toBe("coach");
    await deletePerson(db(), authorize(admin, "profile.delete"), b.person.id, files.store());
    expect(await readSessionCached(db(), b.request)).toBeNull();
  });

  test("another process's sign-out arrives through the bus (NOTIFY)", async () => {
    const { person, request } = await signedIn();
    await readSessionCached(db(), request);
    // What another process does: this process only hears the event.
    await db().delete(sessions).where(eq(sessions.userId, person.id));
    expect(await readSessionCached(db(), request)).not.toBeNull(); // still cached: nothing heard yet
    await database().bus.publish({ kind: "session", userId: person.id });
    await settle();
    expect(await readSessionCached(db(), request)).toBeNull();
  });

  test("a session near its renewal goes to the database, which renews it", async () => {
    const { person, request } = await signedIn();
    await readSessionCached(db(), request);
    const soon = new Date(Date.now() + SESSION_RENEW_WITHIN_MS / 2);
    await db().update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, person.id));
    forgetPerson(person.id);
    const renewed = await readSessionCached(db(), request);
    expect(renewed?.renewedCookie).toBeTruthy();
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_RENEW_WITHIN_MS);
    expect((await readSessionCached(db(), request))?.renewedCookie).toBeNull();
  });
});
