// The schema-only PGlite cluster written into the build: a first start unpacks it instead of running
// initdb in WebAssembly (docs/decisions/0018-performance.md).
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, onPglite } from "../app/server/migrations.server";

export const PGLITE_TEMPLATE_NAME = "pglite-template.tar.gz";

export async function writePgliteTemplate(file: string, migrationsFolder?: string): Promise<void> {
  const pg = await PGlite.create();
  try {
    // As a start applies them (app/server/db.server.ts), so a start on the template finds none to apply.
    if (migrationsFolder) await applyMigrations(onPglite(pg), migrationsFolder);
    const dump = await pg.dumpDataDir("gzip");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
}
