// An initialised PGlite cluster with the schema and no data, written into the build at the end of `react-router build`
// (react-router.config.ts): a server's first start on an empty data folder unpacks it instead of
// running initdb in WebAssembly, which was most of that start (docs/decisions/0018-performance.md).
// It holds the schema (the committed migrations, which are plain DDL) and no data: at start the
// migrator finds them applied (and applies any newer one), and the seed runs, as on any database.
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export const PGLITE_TEMPLATE_NAME = "pglite-template.tar.gz";

/** Writes the template to `file`: a new cluster with the migrations in `migrationsFolder` applied. */
export async function writePgliteTemplate(file: string, migrationsFolder?: string): Promise<void> {
  const pg = await PGlite.create();
  try {
    if (migrationsFolder) await migrate(drizzle(pg), { migrationsFolder });
    const dump = await pg.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
}
