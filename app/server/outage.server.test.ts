import { describe, expect, test } from "vitest";
import { isDatabaseOutage, unlessDatabaseIsDown } from "./outage.server";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseOutage", () => {
  test.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a server shutting down", withCode("terminating connection due to administrator command", "57P01")],
    ["a server starting up", withCode("the database system is starting up", "57P03")],
    ["a connection exception", withCode("connection failure", "08006")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    [
      "a query error that wraps a refused connection (Drizzle)",
      new Error("Failed query: select 1", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") }),
    ],
    ["every address refused", new AggregateError([withCode("refused", "ECONNREFUSED")], "")],
  ])("%s is an outage", (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(true);
  });

  test.each([
    ["a unique violation", withCode("duplicate key value violates unique constraint", "23505")],
    ["a check violation", withCode("new row violates check constraint", "23514")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(false);
  });
});

describe("unlessDatabaseIsDown", () => {
  test("turns an outage into a 503 refusal", async () => {
    const refusal = await unlessDatabaseIsDown(() =>
      Promise.reject(withCode("connect ECONNREFUSED", "ECONNREFUSED")),
    ).catch((error: unknown) => error);
    // `data()` is what a loader throws; React Router turns it into the ErrorBoundary's 503.
    expect(refusal).toMatchObject({ init: { status: 503 } });
  });

  test("passes results and other errors through", async () => {
    expect(await unlessDatabaseIsDown(() => Promise.resolve(42))).toBe(42);
    const bug = new TypeError("bug");
    await expect(unlessDatabaseIsDown(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
