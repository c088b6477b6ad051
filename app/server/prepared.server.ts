import type { Db } from "./db.server";

/** Named prepared statements, made once per database handle (docs/decisions/0031-people-benchmark.md). */
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
