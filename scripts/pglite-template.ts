// The schema-only PGlite cluster written into the build: a first start unpacks it instead of running
// initdb in WebAssembly (docs/decisions/0018-performance.md).
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export const PGLITE_TEMPLATE_NAME = "pglite-template.tar.gz";

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
