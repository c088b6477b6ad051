import { randomUUID } from "node:crypto";
import { count, eq, type SQL, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "~/server/db.server";
import {
  type accounts,
  type activities,
  type homework,
  type lessons,
  profiles,
  type resources,
  serviceUsage,
  type sessions,
} from "~/server/schema";
import { thrownBy } from "./refusal";
import { databaseForFile } from "./test-database";

// The schema-constraint tests' tools: a statement the database must refuse, and rows written directly.

export const CHECK_VIOLATION = "23514";
export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
export const INVALID_TEXT = "22P02";
export const NOT_NULL_VIOLATION = "23502";

type PgError = { code: string; constraint?: string; message?: string };

export function findPgError(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as PgError;
    }
    current = candidate.cause;
  }
  return undefined;
}

async function refusal(run: () => Promise<unknown>): Promise<PgError> {
  const caught = await thrownBy(run, "the database accepted a statement it must refuse");
  const found = findPgError(caught);
  expect(found, `no PostgreSQL error in ${String(caught)}`).toBeDefined();
  return found as PgError;
}

/** The statement is refused with this SQLSTATE `code` (and, when given, by this constraint). */
export async function expectRefused(run: () => Promise<unknown>, code: string, constraint?: string) {
  const error = await refusal(run);
  expect(error.code, error.message).toBe(code);
  if (constraint) expect(error.constraint).toBe(constraint);
}

/** A unique address starting with `prefix`. */
export const email = (prefix: string) => `${prefix}-${randomUUID()}@example.com`;

/** Rows of the constraint tests' tables, on a test file's database (a getter: opened in beforeAll). */
export function constraintRows(db: () => Db) {
  const exec = (query: SQL) => db().execute(query);

  async function countWhere(
    table:
      | typeof profiles
      | typeof serviceUsage
      | typeof activities
      | typeof lessons
      | typeof homework
      | typeof resources
      | typeof sessions
      | typeof accounts,
    where: SQL | undefined,
  ): Promise<number> {
    const [row] = await db().select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  }

  async function makeProfile(
    role: "lead" | "client" | "coach" | "admin" = "client",
    plan: "basic" | "pro" | "premium" | null = role === "client" ? "basic" : null,
  ) {
    const [row] = await db()
      .insert(profiles)
      .values({ email: email(role), fullName: `Test ${role}`, role, plan })
      .returning();
    if (!row) throw new Error("profile not inserted");
    return row;
  }

  const usageCount = (clientId: string) => countWhere(serviceUsage, eq(serviceUsage.clientId, clientId));

  const insertUsage = (clientId: string, kind: string, amount: number | null, minutes: number | null) =>
    exec(sql`INSERT INTO service_usage (client_id, kind, amount, minutes)
             VALUES (${clientId}, ${kind}, ${amount}, ${minutes})`);

  return { exec, countWhere, makeProfile, usageCount, insertUsage };
}

/** constraintRows on a fresh database for the calling test file (see databaseForFile), with its `db`. */
export function constraintRowsForFile() {
  const db = databaseForFile();
  return { db, ...constraintRows(db) };
}
