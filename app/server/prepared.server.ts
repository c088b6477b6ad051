import type { Db } from "./db.server";

/**
 * A statement made once per database handle, on first use: for drizzle's named prepared statements
 * (`.prepare("name")`), which PostgreSQL parses and plans once per connection and drizzle builds once.
 * Each simple query built per request cost the server ~0.4 ms of CPU (docs/decisions/0031).
 */
export function preparedPer<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = make(db);
      made.set(db, statement);
    }
    return statement;
  };
}
