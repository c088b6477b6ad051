import { is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./db.server";
import * as schema from "./tables";

// Logical backups: every table as JSON rows from one snapshot (docs/decisions/0015-backups.md).

export const DUMP_FORMAT = "coach-backup";
export const DUMP_VERSION = 1;

export type DumpRow = Record<string, unknown>;

export type Dump = {
  format: typeof DUMP_FORMAT;
  version: typeof DUMP_VERSION;
  createdAt: string;
  migrations: string[];
  /** Every backed-up table by its SQL name, in foreign-key order. */
  tables: Record<string, DumpRow[]>;
};

export class BackupError extends Error {
  override name = "BackupError";
}

/** Sessions are credentials: a restored copy would let an old cookie sign in again. */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set(["sessions"]);

type TableInfo = { name: string; table: PgTable; primaryKey: string[] };

function describeTable(table: PgTable): TableInfo & { schema: string | undefined; references: PgTable[] } {
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary).map((c) => c.name);
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
  return {
    name: config.name,
    schema: config.schema,
    table,
    primaryKey: single.length > 0 ? single : composite,
    references: config.foreignKeys.map((fk) => fk.reference().foreignTable),
  };
}

export function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .sort((a, b) => getTableConfig(a).name.localeCompare(getTableConfig(b).name));
}

/** Parents before children, computed from the schema so a new table is backed up without an edit here. */
export function backupTables(): TableInfo[] {
  const all = schemaTables().map(describeTable);
  const byTable = new Map(all.map((info) => [info.table, info]));
  const included = all.filter((info) => !EXCLUDED_TABLES.has(info.name));
  for (const info of included) {
    if (info.schema)
      throw new Error(`backups handle the public schema only; ${info.name} is in ${info.schema}`);
    for (const parent of info.references) {
      const parentName = byTable.get(parent)?.name ?? "?";
      if (EXCLUDED_TABLES.has(parentName)) {
        throw new Error(`${info.name} references ${parentName}, which backups leave out`);
      }
    }
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<PgTable>();
  while (ordered.length < included.length) {
    const next = included.find(
      (info) =>
        !placed.has(info.table) &&
        info.references.every(
          (parent) => parent === info.table || placed.has(parent) || !byTable.has(parent),
        ),
    );
    if (!next) {
      const left = included.filter((info) => !placed.has(info.table)).map((info) => info.name);
      throw new Error(`foreign keys form a cycle between ${left.join(", ")}; backups cannot order them`);
    }
    placed.add(next.table);
    ordered.push({ name: next.name, table: next.table, primaryKey: next.primaryKey });
  }
  return ordered;
}

type Executor = Pick<Db, "execute">;

async function query<T>(executor: Executor, statement: SQL): Promise<T[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

async function appliedMigrations(executor: Executor): Promise<string[]> {
  const rows = await query<{ hash: string }>(
    executor,
    sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
  return rows.map((row) => row.hash);
}

/** One REPEATABLE READ snapshot, so every table's rows agree while the application writes. */
export async function dumpDatabase(db: Db): Promise<Dump> {
  const tables = backupTables();
  return db.transaction(
    async (tx) => {
      // to_jsonb writes timestamps in the session's time zone: UTC, so dumps compare byte for byte.
      await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
      const [started] = await query<{ at: string }>(tx, sql`SELECT to_jsonb(now())::text AS at`);
      const migrations = await appliedMigrations(tx);
      const dumped: Record<string, DumpRow[]> = {};
      for (const { name, table, primaryKey } of tables) {
        const orderBy =
          primaryKey.length > 0
            ? sql.join(
                primaryKey.map((column) => sql`t.${sql.identifier(column)}`),
                sql`, `,
              )
            : sql`to_jsonb(t)::text`;
        // Text, parsed here: drivers would turn timestamps into Dates and lose the microseconds.
        const rows = await query<{ row: string }>(
          tx,
          sql`SELECT to_jsonb(t)::text AS row FROM ${table} AS t ORDER BY ${orderBy}`,
        );
        dumped[name] = rows.map((r) => JSON.parse(r.row) as DumpRow);
      }
      return {
        format: DUMP_FORMAT,
        version: DUMP_VERSION,
        createdAt: new Date(JSON.parse(started?.at ?? "null") ?? Date.now()).toISOString(),
        migrations,
        tables: dumped,
      } satisfies Dump;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export function assertDump(value: unknown): Dump {
  const dump = value as Partial<Dump> | null;
  if (typeof dump !== "object" || dump === null || dump.format !== DUMP_FORMAT) {
    throw new BackupError(`Not a backup of this application (expected "format": "${DUMP_FORMAT}").`);
  }
  if (dump.version !== DUMP_VERSION) {
    throw new BackupError(
      `Backup format version ${JSON.stringify(dump.version)} is not known to this version of the application, which reads version ${DUMP_VERSION}.`,
    );
  }
  if (!Array.isArray(dump.migrations) || !dump.migrations.every((m) => typeof m === "string")) {
    throw new BackupError("The backup is damaged: its migrations list is missing.");
  }
  if (typeof dump.tables !== "object" || dump.tables === null) {
    throw new BackupError("The backup is damaged: its tables are missing.");
  }
  const known = new Set(backupTables().map((t) => t.name));
  for (const [name, rows] of Object.entries(dump.tables)) {
    if (!known.has(name))
      throw new BackupError(`The backup has a table this version does not know: ${name}.`);
    if (!Array.isArray(rows) || !rows.every((row) => typeof row === "object" && row !== null)) {
      throw new BackupError(`The backup is damaged: table ${name} is not a list of rows.`);
    }
  }
  for (const name of known) {
    if (!(name in dump.tables)) throw new BackupError(`The backup is damaged: table ${name} is missing.`);
  }
  return dump as Dump;
}

type ColumnInfo = { name: string; generated: boolean; sequence: string | null };

async function columnsOf(executor: Executor, table: string): Promise<ColumnInfo[]> {
  const qualified = `"public"."${table}"`;
  return query<ColumnInfo>(
    executor,
    sql`SELECT a.attname AS name, a.attgenerated <> '' AS generated,
               pg_get_serial_sequence(${qualified}, a.attname) AS sequence
        FROM pg_attribute a
        WHERE a.attrelid = ${qualified}::regclass AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`,
  );
}

const INSERT_BATCH = 500;

/**
 * Into an empty database at the dump's migration level, in one transaction. `beforeInsert` runs once the
 * target is known to take the dump and before any row is written (the files are put back there), inside the
 * transaction, so a failure of either leaves the database as it was.
 */
export async function restoreDatabase(
  db: Db,
  input: unknown,
  { beforeInsert }: { beforeInsert?: (dump: Dump) => Promise<void> } = {},
): Promise<Record<string, number>> {
  const dump = assertDump(input);
  const tables = backupTables();
  const everyTable = schemaTables().map((table) => getTableConfig(table).name);
  return db.transaction(async (tx) => {
    // Nothing else may write while the target is checked and filled.
    await tx.execute(
      sql`LOCK TABLE ${sql.join(
        everyTable.map((name) => sql.identifier(name)),
        sql`, `,
      )} IN EXCLUSIVE MODE`,
    );

    const inUse: string[] = [];
    for (const name of everyTable) {
      const [row] = await query<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
      );
      if ((row?.n ?? 0) > 0) inUse.push(`${name}: ${row?.n}`);
    }
    if (inUse.length > 0) {
      throw new BackupError(
        `The target database is not empty (${inUse.join(", ")}): restore only into an empty database ` +
          "(a new DATA_DIR, or a newly created PostgreSQL database). Nothing was changed.",
      );
    }

    const target = await appliedMigrations(tx);
    if (target.join() !== dump.migrations.join()) {
      throw new BackupError(
        `The backup was made at another migration level (${dump.migrations.length} migrations applied) than ` +
          `this database (${target.length}): restore it with the version of the application that made it.`,
      );
    }

    await beforeInsert?.(dump);
    const restored: Record<string, number> = {};
    for (const { name } of tables) {
      const rows = dump.tables[name] ?? [];
      const columns = await columnsOf(tx, name);
      const expected = columns.map((c) => c.name).sort();
      for (const row of rows) {
        const keys = Object.keys(row).sort();
        if (keys.join() !== expected.join()) {
          throw new BackupError(
            `The backup's ${name} rows have columns (${keys.join(", ")}) that differ from the database's (${expected.join(", ")}).`,
          );
        }
      }
      const insertable = columns.filter((c) => !c.generated).map((c) => sql.identifier(c.name));
      const list = sql.join(insertable, sql`, `);
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        const batch = JSON.stringify(rows.slice(start, start + INSERT_BATCH));
        // jsonb_populate_recordset turns each JSON value back into the column's own type.
        await tx.execute(
          sql`INSERT INTO ${sql.identifier(name)} (${list}) OVERRIDING SYSTEM VALUE
              SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.identifier(name)}, ${batch}::jsonb)`,
        );
      }
      // Serial and identity columns continue after the restored values.
      for (const column of columns.filter((c) => c.sequence)) {
        await tx.execute(
          sql`SELECT setval(${column.sequence}::regclass, coalesce(max(${sql.identifier(column.name)}), 0) + 1, false)
              FROM ${sql.identifier(name)}`,
        );
      }
      restored[name] = rows.length;
    }
    return restored;
  });
}

/** One row per line, so two backups diff. */
export function serializeDump(dump: Dump): string {
  const { tables, ...header } = dump;
  const head = JSON.stringify(header).slice(0, -1);
  const body = Object.entries(tables)
    .map(([name, rows]) => {
      const lines = rows.map((row) => JSON.stringify(row)).join(",\n");
      return `${JSON.stringify(name)}: [${rows.length > 0 ? `\n${lines}\n` : ""}]`;
    })
    .join(",\n");
  return `${head},"tables": {\n${body}\n}}\n`;
}
