import { afterAll, beforeAll } from "vitest";
import type { Db } from "~/server/db.server";
import { freshDatabase } from "./database";
import { expectRefusedIn } from "./refusal";

type TestDatabase = Awaited<ReturnType<typeof freshDatabase>>;

/**
 * A fresh database for the calling test file (see freshDatabase): opened before its tests, disposed
 * after. A getter, since the file's tests are defined before it opens. Migrating a new database can
 * take a minute on a busy machine.
 */
export function openDatabaseForFile(options: { seed?: boolean } = {}): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await freshDatabase(options);
  }, 120_000);
  afterAll(() => database?.dispose());
  return () => {
    if (!database) throw new Error("the test file's database opens in beforeAll");
    return database;
  };
}

/** A model test file's database (databaseForFile) and `refusedUnchanged`: a refused call must change no row. */
export function modelDatabaseForFile(options: { seed?: boolean } = {}) {
  const db = databaseForFile(options);
  return { db, refusedUnchanged: expectRefusedIn(db) };
}

/** openDatabaseForFile's queries (`db`), for a file that needs nothing else of it. */
export function databaseForFile(options: { seed?: boolean } = {}): () => Db {
  const database = openDatabaseForFile(options);
  return () => database().db;
}
