import { expect } from "vitest";
import type { Database } from "~/server/db.server";
import { isRefusal } from "~/server/refusal.server";
import { everyRow } from "./database";

/** The refusal of anything a person's role does not allow, as every page shows it. */
export const PERMISSION = "You don't have permission to do that.";

export async function thrownBy(run: () => Promise<unknown>, what = "the call succeeded but must be refused") {
  let caught: unknown;
  let succeeded = false;
  try {
    await run();
    succeeded = true;
  } catch (error) {
    caught = error;
  }
  expect(succeeded, what).toBe(false);
  return caught;
}

/** A model's `refuse(message, status)`: React Router's `data(body, { status })`, not a Response. */
export type ModelRefusal = { init?: { status?: number } | null; data?: { error?: string } };

export async function modelRefusal(run: () => Promise<unknown>): Promise<ModelRefusal> {
  const caught = await thrownBy(run);
  expect(isRefusal(caught), `a refusal, not ${String(caught)}`).toBe(true);
  return caught as ModelRefusal;
}

/** "Bad input changes nothing", checked across the whole database. */
export async function expectRefusedUnchanged(
  db: Database["db"],
  run: () => Promise<unknown>,
  status: number,
  message?: string,
) {
  const before = await everyRow(db);
  const thrown = await modelRefusal(run);
  expect(thrown.init?.status).toBe(status);
  if (message !== undefined) expect(thrown.data?.error).toBe(message);
  expect(await everyRow(db), "a refused call changed the database").toEqual(before);
}

/** expectRefusedUnchanged on a test file's database (a getter: the file opens it in beforeAll). */
export const expectRefusedIn =
  (db: () => Database["db"]) => (run: () => Promise<unknown>, status: number, message?: string) =>
    expectRefusedUnchanged(db(), run, status, message);
