import pg from "pg";
import type { Db } from "~/server/db.server";

// The statements a piece of code sends to the database, counted where the driver sends them, so nothing a
// model does escapes: on PostgreSQL every `query` of a node-postgres connection (the pool's queries and a
// transaction's alike); on PGlite its `query` and `exec`, and inside a transaction those of the `tx` it
// hands over, with the BEGIN and COMMIT PGlite sends itself. Drizzle sends every statement, prepared or
// not, through these.

type Method = (statement: unknown, ...rest: unknown[]) => unknown;
type Methods = Record<string, Method>;

function textOf(statement: unknown): string {
  if (typeof statement === "string") return statement;
  const text = (statement as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : String(statement);
}

/** What `run` sends to `db`'s server, in order: each statement's text. */
export async function statementsOf(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const restore: (() => void)[] = [];
  /** Replaces `target[name]` until the end, calling the original on the same `this`. */
  const wrap = (target: Methods, name: string, make: (original: Method) => Method) => {
    const original = target[name];
    if (typeof original !== "function") throw new Error(`the driver has no ${name}`);
    const wrapped = make(original);
    target[name] = function (this: unknown, ...args: Parameters<Method>) {
      return wrapped.apply(this, args);
    };
    restore.push(() => {
      target[name] = original;
    });
  };
  const counted = (original: Method): Method =>
    function (this: unknown, statement, ...rest) {
      sent.push(textOf(statement));
      return original.call(this, statement, ...rest);
    };

  const client = (db as unknown as { $client: Methods }).$client;
  if (client instanceof pg.Pool) {
    // The pool's `query` takes a connection and sends through it: count there, once.
    wrap(pg.Client.prototype as unknown as Methods, "query", counted);
  } else {
    wrap(client, "query", counted);
    wrap(client, "exec", counted);
    wrap(
      client,
      "transaction",
      (original) =>
        async function (this: unknown, callback) {
          sent.push("BEGIN");
          const result = await original.call(this, (tx: Methods) => {
            for (const name of ["query", "exec"]) tx[name] = counted(tx[name] as Method);
            return (callback as (tx: Methods) => unknown)(tx);
          });
          sent.push("COMMIT");
          return result;
        },
    );
  }
  try {
    await run();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return sent;
}
