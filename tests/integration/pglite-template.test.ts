import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, test } from "vitest";
import { createPglite, type Db, MIGRATIONS_FOLDER } from "~/server/db.server";
import { SEED_PEOPLE, seedIfEmpty } from "~/server/seed.server";
import * as schema from "~/server/tables";
import { writePgliteTemplate } from "../../scripts/pglite-template";

// PGlite only: it is the embedded database (scripts/pglite-template.ts).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const JOURNAL: { entries: unknown[] } = JSON.parse(
  readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
);
const scratch = mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const emptyFolder = (name: string) => {
  const folder = path.join(scratch, name);
  rmSync(folder, { recursive: true, force: true });
  return mkdtempSync(`${folder}-`);
};

/** So a test can tell it was the template that was loaded. */
async function markedTemplate(file: string, marker: string) {
  const pg = await PGlite.create();
  await pg.exec(`CREATE TABLE template_marker (name text); INSERT INTO template_marker VALUES ('${marker}')`);
  const dump = await pg.dumpDataDir("gzip");
  await pg.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

async function markerIn(pg: PGlite) {
  const found = await pg.query<{ exists: boolean }>(
    "SELECT to_regclass('template_marker') IS NOT NULL AS exists",
  );
  if (!found.rows[0]?.exists) return null;
  return (await pg.query<{ name: string }>("SELECT name FROM template_marker")).rows[0]?.name ?? null;
}

describe.skipIf(onPostgres)("the PGlite template", () => {
  test("the build's template holds the schema the migrations make, and no rows", async () => {
    const file = path.join(scratch, "built.tar.gz");
    await writePgliteTemplate(file, MIGRATIONS_FOLDER);
    const fromTemplate = await createPglite(emptyFolder("built"), file);
    const migrated = await PGlite.create();
    await migrate(drizzle(migrated), { migrationsFolder: MIGRATIONS_FOLDER });
    const columns = (pg: PGlite) =>
      pg.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = 'public' ORDER BY table_name, column_name`,
      );
    const expected = (await columns(migrated)).rows;
    expect(expected.length).toBeGreaterThan(10);
    expect((await columns(fromTemplate)).rows).toEqual(expected);
    const people = await fromTemplate.query<{ n: number }>("SELECT count(*)::int AS n FROM profiles");
    expect(people.rows).toEqual([{ n: 0 }]);
    await migrate(drizzle(fromTemplate), { migrationsFolder: MIGRATIONS_FOLDER });
    const applied = await fromTemplate.query("SELECT 1 FROM drizzle.__drizzle_migrations");
    expect(applied.rows).toHaveLength(JOURNAL.entries.length);
    await seedIfEmpty(drizzle(fromTemplate, { schema }) as unknown as Db);
    const seeded = await fromTemplate.query<{ n: number }>("SELECT count(*)::int AS n FROM profiles");
    expect(seeded.rows[0]?.n).toBe(SEED_PEOPLE.length);
    await Promise.all([fromTemplate.close(), migrated.close()]);
  });

  test("an empty folder is made from the template, and reopens as the same database", async () => {
    const file = path.join(scratch, "marked.tar.gz");
    await markedTemplate(file, "from the template");
    const folder = emptyFolder("fresh");
    const first = await createPglite(folder, file);
    expect(await markerIn(first)).toBe("from the template");
    await first.exec("INSERT INTO template_marker VALUES ('written after')");
    await first.close();

    const again = await createPglite(folder, file);
    const names = await again.query<{ name: string }>("SELECT name FROM template_marker ORDER BY name");
    expect(names.rows.map((row) => row.name)).toEqual(["from the template", "written after"]);
    await again.close();
  });

  test("a folder that holds a database is opened as it is, never replaced by the template", async () => {
    const file = path.join(scratch, "marked-2.tar.gz");
    await markedTemplate(file, "template");
    const folder = emptyFolder("existing");
    const own = await PGlite.create(folder);
    await own.exec("CREATE TABLE mine (n int); INSERT INTO mine VALUES (7)");
    await own.close();

    const reopened = await createPglite(folder, file);
    expect(await markerIn(reopened)).toBeNull();
    expect((await reopened.query<{ n: number }>("SELECT n FROM mine")).rows).toEqual([{ n: 7 }]);
    await reopened.close();
  });

  test("a damaged or missing template falls back to initdb, leaving nothing of it behind", async () => {
    const damaged = path.join(scratch, "damaged.tar.gz");
    writeFileSync(damaged, Buffer.from("not a tarball at all"));
    for (const template of [damaged, path.join(scratch, "no-such-template.tar.gz")]) {
      const folder = emptyFolder("fallback");
      const pg = await createPglite(folder, template);
      expect(await markerIn(pg)).toBeNull();
      expect((await pg.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await pg.close();
      expect(readdirSync(folder)).toContain("PG_VERSION");
    }
  });
});
