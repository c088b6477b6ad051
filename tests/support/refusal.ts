import { expect } from "vitest";
import type { Database } from "~/server/db.server";
import { isRefusal } from "~/server/refusal.server";
import { everyRow } from "./database";

/** Runs something that must fail and returns what it threw (failing the test if it succeeded). */
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

/**
 * What a model's refusal (`refuse(message, status)`, app/server/refusal.server.ts) looks like: React
 * Router's `data(body, { status })` (not a Response), with the status in `.init.status` and the body in `.data`.
 */
export type ModelRefusal = { init?: { status?: number } | null; data?: { error?: string } };

export async function modelRefusal(run: () => Promise<unknown>): Promise<ModelRefusal> {
  const caught = await thrownBy(run);
  expect(isRefusal(caught), `a refusal, not ${String(caught)}`).toBe(true);
  return caught as ModelRefusal;
}

/**
 * A model call refused with this status (and message) that changed not one row of any table:
 * the server's "bad input changes nothing", checked across the whole database.
 */
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
