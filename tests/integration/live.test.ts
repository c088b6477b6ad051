import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { Plan, Role } from "~/domain/plans";
import { revokeAllSessions } from "~/server/auth/session.server";
import { provideDatabase } from "~/server/db.server";
import { CATCH_UP_MARGIN_MS, hears, MAX_REPLAYED, openStream } from "~/server/entries/streams.server";
import { type LiveEvent, parseEvent, publishChange, toWire } from "~/server/live/bus.server";
import { assignHomework } from "~/server/models/homework.server";
import { setPlan } from "~/server/models/people.server";
import { adjustUsage, usagePermission } from "~/server/models/usage.server";
import { authorize } from "~/server/policy.server";
import { adminQuery, databaseLabel } from "../support/database";
import { recordEvents } from "../support/live-events";
import { insertPerson } from "../support/people";
import { readSse, type SseStream } from "../support/sse";
import { openDatabaseForFile } from "../support/test-database";

// The live-update bus on a real database (docs/decisions/0014-live-updates.md, 0037-live-catch-up.md):
// events arrive only on commit, to their audience, carrying only ids and a kind.

const database = openDatabaseForFile();
const db = () => database().db;

const person = (role: Role, plan: Plan | null) => insertPerson(db(), role, plan, role);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const listen = () => recordEvents(database().bus);

describe(`the live bus on ${databaseLabel}`, () => {
  test("an event published through the bus reaches every subscriber, and no longer after unsubscribing", async () => {
    const a = await listen();
    const b = await listen();
    const clientId = randomUUID();
    await database().bus.publish({ kind: "usage", clientId });
    await a.waitFor((e) => e.kind === "usage" && e.clientId === clientId);
    await b.waitFor((e) => e.kind === "usage" && e.clientId === clientId);

    a.stop();
    const other = randomUUID();
    await database().bus.publish({ kind: "lesson", clientId: other });
    await b.waitFor((e) => "clientId" in e && e.clientId === other);
    await sleep(100);
    expect(a.heard.some((e) => "clientId" in e && e.clientId === other)).toBe(false);
    b.stop();
  });

  test("an event published in a transaction arrives on commit; a rolled-back one never does", async () => {
    const sub = await listen();
    const committed = randomUUID();
    const rolledBack = randomUUID();
    await db().transaction(async (tx) => {
      await publishChange(tx, { kind: "activity", clientId: committed });
    });
    await expect(
      db().transaction(async (tx) => {
        await publishChange(tx, { kind: "activity", clientId: rolledBack });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await sub.waitFor((e) => "clientId" in e && e.clientId === committed);
    await sleep(200);
    expect(sub.heard.some((e) => "clientId" in e && e.clientId === rolledBack)).toBe(false);
    sub.stop();
  });

  test("the models publish after each change: usage, homework, plan and sessions", async () => {
    const admin = await person("admin", null);
    const client = await person("client", "pro");
    const sub = await listen();

    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), client.id, "session_30m", 1);
    await sub.waitFor((e) => e.kind === "usage" && e.clientId === client.id);

    await assignHomework(db(), authorize(admin, "homework.assign"), client.id, {
      title: "STAR",
      dueDate: null,
      description: null,
      links: [],
    });
    await sub.waitFor((e) => e.kind === "homework" && e.clientId === client.id);

    await setPlan(db(), authorize(admin, "profile.set-plan"), client.id, "premium");
    await sub.waitFor((e) => e.kind === "profile" && e.userId === client.id);

    await revokeAllSessions(db(), client.id); // no rows: nothing to say
    await expect(
      adjustUsage(db(), authorize(admin, usagePermission("mock_interview")), client.id, "mock_interview", -1),
    ).rejects.toMatchObject({
      init: { status: 409 },
    });
    await sleep(200);
    expect(sub.heard.filter((e) => e.kind === "usage")).toHaveLength(1);
    expect(sub.heard.some((e) => e.kind === "session")).toBe(false);

    for (const event of sub.heard) {
      expect(Object.keys(JSON.parse(toWire(event))).sort()).toEqual(
        event.kind === "session"
          ? ["kind", "userId"]
          : event.kind === "profile"
            ? ["clientId", "kind", "userId"]
            : ["clientId", "kind"],
      );
    }
    sub.stop();
  });
});

// PGlite's LISTEN is in-process and cannot drop.
test.skipIf(!process.env.TEST_DATABASE_URL)(
  "after its LISTEN connection drops, the bus answers for nothing it may have missed, only for what it heard since it listened again",
  async () => {
    let resyncs = 0;
    const stop = await database().bus.subscribe(
      () => {},
      () => {
        resyncs += 1;
      },
    );
    const before = Date.now();
    expect(database().bus.heardSince(before)).toEqual([]);
    const ended = await adminQuery(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = 'LISTEN coach_changes'`,
      database().url,
    );
    expect(ended.rowCount).toBe(1);
    const deadline = Date.now() + 15_000;
    while (resyncs === 0 && Date.now() < deadline) await sleep(20);
    expect(resyncs, "the bus listened again").toBe(1);

    // Events sent while it was down are lost: it no longer answers for the time before.
    expect(database().bus.heardSince(before)).toBeNull();
    const after = Date.now();
    const clientId = randomUUID();
    const sub = await listen();
    await database().bus.publish({ kind: "booking", clientId });
    await sub.waitFor((e) => e.kind === "booking" && e.clientId === clientId);
    sub.stop();
    stop();
    expect(database().bus.heardSince(after)).toContainEqual({ kind: "booking", clientId });
  },
);

describe("who hears what", () => {
  const maya = { id: randomUUID(), role: "client" as const };
  const daniel = { id: randomUUID(), role: "client" as const };
  const coach = { id: randomUUID(), role: "coach" as const };
  const admin = { id: randomUUID(), role: "admin" as const };
  const lead = { id: randomUUID(), role: "lead" as const };

  test("a client hears only their own records; staff hear every client's", () => {
    for (const kind of ["usage", "activity", "lesson", "homework", "resource"] as const) {
      const event: LiveEvent = { kind, clientId: maya.id };
      expect(hears(maya, event)).toBe(true);
      expect(hears(daniel, event)).toBe(false);
      expect(hears(lead, event)).toBe(false);
      expect(hears(coach, event)).toBe(true);
      expect(hears(admin, event)).toBe(true);
    }
  });

  test("a role or plan change reaches the person and staff; a sign-out only the person", () => {
    const profile: LiveEvent = { kind: "profile", clientId: maya.id, userId: maya.id };
    expect(hears(maya, profile)).toBe(true);
    expect(hears(daniel, profile)).toBe(false);
    expect(hears(admin, profile)).toBe(true);
    const demoted: LiveEvent = { kind: "profile", clientId: coach.id, userId: coach.id };
    expect(hears({ ...coach, role: "client" }, demoted)).toBe(true);

    const session: LiveEvent = { kind: "session", userId: maya.id };
    expect(hears(maya, session)).toBe(true);
    expect(hears(daniel, session)).toBe(false);
    expect(hears(admin, session)).toBe(false);
    expect(hears(coach, session)).toBe(false);
  });

  test("an unmatched booking (no client to name) reaches staff who may read bookings, and no one else", () => {
    const unmatched: LiveEvent = { kind: "unmatched-booking" };
    expect(hears(coach, unmatched)).toBe(true);
    expect(hears(admin, unmatched)).toBe(true);
    expect(hears(maya, unmatched)).toBe(false);
    expect(hears(lead, unmatched)).toBe(false);
    expect(JSON.parse(toWire(unmatched))).toEqual({ kind: "unmatched-booking" });
    expect(parseEvent(JSON.stringify({ kind: "unmatched-booking", clientId: maya.id }))).toEqual(unmatched);
  });

  test("a practice setting (docs/decisions/0055-no-shows-and-expiry.md) reaches everyone signed in, naming no one", () => {
    const practice: LiveEvent = { kind: "practice" };
    for (const person of [maya, daniel, lead, coach, admin]) expect(hears(person, practice)).toBe(true);
    expect(JSON.parse(toWire(practice))).toEqual({ kind: "practice" });
    expect(parseEvent(JSON.stringify({ kind: "practice", clientId: maya.id, months: 3 }))).toEqual(practice);
  });

  test("the wire carries only ids and a kind, and anything else is refused on arrival", () => {
    const sneaky = { kind: "usage", clientId: maya.id, used: 3, email: "maya@example.com" } as LiveEvent;
    expect(JSON.parse(toWire(sneaky))).toEqual({ kind: "usage", clientId: maya.id });
    expect(parseEvent(toWire(sneaky))).toEqual({ kind: "usage", clientId: maya.id });
    expect(parseEvent("not json")).toBeNull();
    expect(parseEvent(JSON.stringify({ kind: "usage", clientId: "x" }))).toBeNull();
    expect(parseEvent(JSON.stringify({ kind: "drop tables", clientId: maya.id }))).toBeNull();
    expect(parseEvent(JSON.stringify({ kind: "session" }))).toBeNull();
  });
});

describe(`a change between a page's render and its stream's start, on ${databaseLabel}`, () => {
  const streams: SseStream[] = [];
  beforeAll(async () => {
    provideDatabase(async () => database());
    // A process listens from its start.
    (await listen()).stop();
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const s of streams.splice(0)) s.close();
  });

  async function streamFor(viewer: Awaited<ReturnType<typeof person>>, renderedAt: number | null) {
    const abort = new AbortController();
    const request = new Request("http://localhost/events", { signal: abort.signal });
    const opened = await readSse(await openStream(request, viewer, null, renderedAt), () => abort.abort());
    streams.push(opened);
    return opened;
  }
  async function firstWords(stream: SseStream) {
    await stream.next((f) => f.event === "ready");
    const ready = stream.frames.findIndex((f) => f.event === "ready");
    return stream.frames.slice(0, ready).map(({ event, data }) => ({ event, data: JSON.parse(data) }));
  }
  function later(ms = 2 * CATCH_UP_MARGIN_MS) {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + ms);
  }

  test("a change committed after the render, before the stream starts, is the stream's first message; others hear nothing", async () => {
    const admin = await person("admin", null);
    const client = await person("client", "pro");
    const other = await person("client", "pro");
    const coach = await person("coach", null);
    const sub = await listen();
    later();
    const renderedAt = Date.now();
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), client.id, "session_30m", 1);
    // Heard before the stream begins: no live delivery could carry it.
    await sub.waitFor((e) => e.kind === "usage" && e.clientId === client.id);
    sub.stop();

    const usage = { kind: "usage", clientId: client.id };
    expect(await firstWords(await streamFor(client, renderedAt))).toEqual([{ event: "change", data: usage }]);
    expect(await firstWords(await streamFor(coach, renderedAt))).toEqual([{ event: "change", data: usage }]);
    expect(await firstWords(await streamFor(other, renderedAt))).toEqual([]);
  });

  test("a page rendered after the change (past the margin) has nothing to catch up on", async () => {
    const admin = await person("admin", null);
    const client = await person("client", "pro");
    const sub = await listen();
    later();
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), client.id, "session_30m", 1);
    await sub.waitFor((e) => e.kind === "usage" && e.clientId === client.id);
    sub.stop();
    later(CATCH_UP_MARGIN_MS + 1_000);
    expect(await firstWords(await streamFor(client, Date.now()))).toEqual([]);
  });

  test("when the stream can't tell what was missed, it says resync: no render time, a render before it listened, a clock far ahead, too many changes", async () => {
    const admin = await person("admin", null);
    const client = await person("client", "pro");
    const resync = [{ event: "resync", data: {} }];
    expect(await firstWords(await streamFor(client, null))).toEqual(resync);
    expect(await firstWords(await streamFor(client, 0))).toEqual(resync);
    later();
    expect(await firstWords(await streamFor(client, Date.now() + 2 * CATCH_UP_MARGIN_MS))).toEqual(resync);

    const renderedAt = Date.now();
    const sub = await listen();
    const clients = await Promise.all(
      Array.from({ length: MAX_REPLAYED + 1 }, () => person("client", "pro")),
    );
    for (const c of clients) {
      await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), c.id, "session_30m", 1);
    }
    const last = clients.at(-1)?.id;
    await sub.waitFor((e) => e.kind === "usage" && e.clientId === last);
    sub.stop();
    expect(await firstWords(await streamFor(admin, renderedAt))).toEqual(resync);
    expect(await firstWords(await streamFor(clients[0] as typeof client, renderedAt))).toEqual([
      { event: "change", data: { kind: "usage", clientId: clients[0]?.id } },
    ]);
  });
});
