import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, test } from "vitest";
import type { Plan, Role } from "~/domain/plans";
import { DECREMENT_BELOW_ZERO } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import { adjustUsage, usagePermission } from "~/server/models/usage.server";
import { authorize } from "~/server/policy.server";
import { isRefusal } from "~/server/refusal.server";
import { auditEvents, serviceUsage } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { databaseForFile } from "../support/test-database";

// Twenty concurrent −1 clicks through the real model can't drive a total below zero or lose an increment.
// On PostgreSQL a separate connection holds the client's row until ten transactions provably wait at once.

const CLICKS = 20;
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);

const db = databaseForFile();

const person = (role: Role, plan: Plan | null, name: string) => insertPerson(db(), role, plan, name);

async function ledger(clientId: string) {
  const rows = await db()
    .select({ amount: serviceUsage.amount, minutes: serviceUsage.minutes })
    .from(serviceUsage)
    .where(and(eq(serviceUsage.clientId, clientId), eq(serviceUsage.kind, "session_30m")));
  return {
    total: rows.reduce((sum, row) => sum + row.amount, 0),
    plus: rows.filter((row) => row.amount === 1),
    minus: rows.filter((row) => row.amount === -1),
  };
}

async function auditCount(clientId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(eq(auditEvents.targetId, clientId));
  return row?.n ?? 0;
}

function refusalOf(result: PromiseSettledResult<unknown>) {
  if (result.status !== "rejected") return null;
  const reason = result.reason as { init?: { status?: number }; data?: { error?: string } };
  return {
    refused: isRefusal(reason),
    status: reason?.init?.status,
    error: reason?.data?.error ?? String(reason),
  };
}

/** Fails if the calls never all wait on the lock at once. */
async function allAtOnce<T>(clientId: string, calls: (() => Promise<T>)[]) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { results: await Promise.allSettled(calls.map((call) => call())), overlap: null };

  const { rows } = (await db().execute(sql`SELECT current_database() AS name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(serverUrl);
  url.pathname = `/${rows[0]?.name}`;
  const blocker = new pg.Client({ connectionString: url.toString() });
  const observer = new pg.Client({ connectionString: url.toString() });
  await Promise.all([blocker.connect(), observer.connect()]);
  try {
    await blocker.query("BEGIN");
    await blocker.query("SELECT id FROM profiles WHERE id = $1 FOR UPDATE", [clientId]);
    const settled = Promise.allSettled(calls.map((call) => call()));
    const wanted = Math.min(calls.length, POOL_SIZE);
    let overlap = 0;
    const deadline = Date.now() + 20_000;
    while (overlap < wanted && Date.now() < deadline) {
      const waiting = await observer.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
        [(blocker as unknown as { processID: number }).processID],
      );
      overlap = Math.max(overlap, waiting.rows[0]?.n ?? 0);
    }
    await blocker.query("COMMIT");
    return { results: await settled, overlap };
  } finally {
    await blocker.query("ROLLBACK").catch(() => {});
    await Promise.all([blocker.end(), observer.end()]);
  }
}

describe(`twenty simultaneous clicks on one quota (${databaseLabel})`, () => {
  let admin: Viewer;
  let client: Viewer;

  beforeAll(async () => {
    admin = await person("admin", null, "Race Admin");
    client = await person("client", "premium", "Race Client");
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), client.id, "session_30m", 1);
    expect((await ledger(client.id)).total).toBe(1);
  });

  /** CLICKS adjustments of the client's sessions by `amount`, all waiting on the client's row at once. */
  async function clicksAtOnce(amount: 1 | -1) {
    const click = () =>
      adjustUsage(db(), authorize(admin, usagePermission("session_30m")), client.id, "session_30m", amount);
    const settled = await allAtOnce(
      client.id,
      Array.from({ length: CLICKS }, () => click),
    );
    if (settled.overlap !== null) {
      expect(settled.overlap, "transactions waiting at the same moment").toBe(POOL_SIZE);
    }
    return settled;
  }

  test("at used = 1, twenty −1 at once: exactly one succeeds, nineteen are refused, the total ends at 0", async () => {
    const started = Date.now();
    const { results, overlap } = await clicksAtOnce(-1);

    const fulfilled = results.filter((r) => r.status === "fulfilled");
    expect(fulfilled).toHaveLength(1);
    expect((fulfilled[0] as PromiseFulfilledResult<unknown>).value).toEqual({ kind: "session_30m", used: 0 });
    const refused = results.map(refusalOf).filter((r) => r !== null);
    expect(refused).toHaveLength(CLICKS - 1);
    for (const refusal of refused) {
      expect(refusal).toEqual({ refused: true, status: 409, error: DECREMENT_BELOW_ZERO });
    }

    const after = await ledger(client.id);
    expect(after.total).toBe(0);
    expect(after.plus).toHaveLength(1);
    expect(after.minus).toEqual([{ amount: -1, minutes: null }]);
    expect(await auditCount(client.id)).toBe(2);
    console.log(
      `[${databaseLabel}] ${CLICKS} × −1 settled in ${Date.now() - started} ms (overlap ${overlap})`,
    );
  });

  test("then twenty +1 at once: all succeed, the total is exactly 20, twenty new rows", async () => {
    const started = Date.now();
    const { results, overlap } = await clicksAtOnce(1);
    expect(results.map(refusalOf).filter((r) => r !== null)).toEqual([]);
    // No lost update: each saw the total the one before left.
    const totals = results.map((r) => (r as PromiseFulfilledResult<{ used: number }>).value.used);
    expect(totals.sort((a, b) => a - b)).toEqual(Array.from({ length: CLICKS }, (_, i) => i + 1));

    const after = await ledger(client.id);
    expect(after.total).toBe(CLICKS);
    expect(after.plus).toHaveLength(1 + CLICKS); // the setup's +1 and these twenty
    expect(after.plus.every((row) => row.minutes === 30)).toBe(true);
    expect(after.minus).toHaveLength(1);
    expect(await auditCount(client.id)).toBe(2 + CLICKS);
    console.log(
      `[${databaseLabel}] ${CLICKS} × +1 settled in ${Date.now() - started} ms (overlap ${overlap})`,
    );
  });
});
