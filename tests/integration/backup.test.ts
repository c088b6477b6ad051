import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq, sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BackupError,
  backupTables,
  type Dump,
  dumpDatabase,
  EXCLUDED_TABLES,
  restoreDatabase,
  schemaTables,
  serializeDump,
} from "~/server/backup.server";
import {
  checkFileTarget,
  DUMP_ENTRY,
  openBackup,
  restoreBackup,
  writeBackupArchive,
} from "~/server/backup-files.server";
import { diskFileStore } from "~/server/files/disk-store.server";
import type { FileStore } from "~/server/files/store.server";
import { addFile, openFile } from "~/server/models/files.server";
import { authorize } from "~/server/policy.server";
import {
  accounts,
  activities,
  auditEvents,
  bookings,
  calDeliveries,
  emailOutbox,
  emailPreferences,
  files,
  homework,
  lessons,
  orders,
  paymentEvents,
  payments,
  profiles,
  resources,
  serviceUsage,
  sessions,
} from "~/server/schema";
import { seedIfEmpty } from "~/server/seed.server";
import { zipStream } from "~/server/zip.server";
import { addOddAgreementRows } from "../support/agreement-rows";
import { PRO_INSTALMENTS } from "../support/business-ledger";
import { addOddCodeRows } from "../support/code-rows";
import { databaseLabel, freshDatabase } from "../support/database";
import { addOddIntakeRows } from "../support/intake-rows";
import { addOddJobSearchRows } from "../support/job-search-rows";
import { insertPerson } from "../support/people";
import { docx, pdf } from "../support/sample-files";
import { bytesOf } from "../support/zip";

// docs/decisions/0015-backups.md: odd values survive exactly; a restore never touches a non-empty database.

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
const opened: Fresh[] = [];
async function fresh(): Promise<Fresh> {
  const database = await freshDatabase();
  opened.push(database);
  return database;
}
afterAll(async () => {
  for (const database of opened) await database.dispose();
});

const ODD = `Zoë O'Brien "the quoted" \\ back\\slash — 漢字 🚀\ttab\nnew line`;

async function addOddRows(database: Fresh): Promise<void> {
  const db = database.db;
  const [odd] = await db
    .insert(profiles)
    .values({
      email: "zoë.o'brien+x@example.com",
      fullName: ODD,
      role: "client",
      plan: "pro",
      planStartedAt: new Date("2026-01-31T05:00:00.000Z"),
    })
    .returning();
  const [ghost] = await db
    .insert(profiles)
    .values({ email: "no.name@example.com", fullName: null, role: "lead", plan: null })
    .returning();
  if (!odd || !ghost) throw new Error("profiles not inserted");
  const at = sql`'2026-02-28 23:59:59.123456+00'::timestamptz`;
  await db.insert(sessions).values({
    tokenHash: "f".repeat(64),
    userId: odd.id,
    expiresAt: new Date(Date.now() + 86_400_000),
    ipAddress: null,
    userAgent: ODD,
  });
  await db
    .insert(accounts)
    .values({ providerId: "https://issuer.example", accountId: "sub|ü'1", userId: odd.id });
  await db.insert(serviceUsage).values([
    { clientId: odd.id, kind: "session_30m", amount: 1, minutes: 30, createdBy: null },
    { clientId: odd.id, kind: "session_30m", amount: -1, minutes: null, createdBy: ghost.id },
  ]);
  await db.insert(activities).values({
    clientId: odd.id,
    title: ODD,
    details: null,
    kind: null,
    links: [
      { label: ODD, url: 'https://example.com/?q=a%20b&x="y"' },
      { label: "", url: "mailto:zoë@example.com" },
    ],
    occurredAt: at as unknown as Date,
    createdBy: null,
  });
  await db.insert(lessons).values({
    clientId: odd.id,
    coachId: null,
    title: "  leading and trailing spaces  ",
    notes: "",
    occurredAt: at as unknown as Date,
    recordingUrl: null,
    resources: [],
  });
  await db.insert(homework).values({
    clientId: odd.id,
    assignedBy: ghost.id,
    title: ODD,
    status: "reviewed",
    dueDate: "2024-02-29",
    description: null,
    links: [{ label: "🚀", url: "https://example.com/ü" }],
    submissionUrl: "https://example.com/sub",
    submissionNote: ODD,
    submittedAt: at as unknown as Date,
    feedback: "'",
    reviewedAt: new Date("2026-03-01T00:00:00.000Z"),
    reviewedBy: null,
  });
  await db.insert(resources).values([
    {
      clientId: odd.id,
      kind: "guide",
      title: ODD,
      url: "https://example.com/r",
      tags: ["a,b", 'with "quote"', "ünï", "{brace}", "NULL", "", "back\\slash"],
    },
    { clientId: odd.id, kind: "tool", title: "no tags", url: "https://example.com/t", tags: [] },
  ]);
  await db.insert(auditEvents).values([
    {
      actorId: null,
      action: "profile.update",
      targetId: odd.id,
      entity: "profile",
      entityId: odd.id,
      before: { plan: null, nested: { list: [1, 2.5, "x", null, true] }, text: ODD },
      after: { plan: "pro", empty: {}, 'key with "quotes"': [] },
    },
    {
      actorId: ghost.id,
      action: "x",
      targetId: null,
      entity: "none",
      entityId: null,
      before: null,
      after: null,
    },
  ]);
  const [booking] = await db
    .insert(bookings)
    .values([
      {
        uid: "uid'1",
        currentUid: "uid'2",
        clientId: odd.id,
        kind: "session_30m",
        eventType: "coaching-session",
        title: ODD,
        startsAt: at as unknown as Date,
        endsAt: at as unknown as Date,
        attendeeEmail: odd.email,
        attendeeName: ODD,
        joinUrl: "https://app.cal.com/video/x",
        counted: true,
        noShowAt: at as unknown as Date,
        noShowSource: "coach",
        noShowBy: ghost.id,
        noShowReturned: true,
      },
      {
        uid: "uid-2",
        currentUid: "uid-2",
        clientId: null,
        kind: "mock_interview",
        eventType: "4242",
        title: "",
        startsAt: new Date("2026-03-01T00:00:00.000Z"),
        endsAt: new Date("2026-03-01T00:30:00.000Z"),
        attendeeEmail: "stranger@example.com",
        status: "cancelled",
        cancelledAt: new Date("2026-02-01T00:00:00.000Z"),
      },
    ])
    .returning();
  await db.insert(calDeliveries).values([
    { trigger: "BOOKING_CREATED", uid: "uid'1", bookingId: booking?.id ?? null },
    { trigger: "BOOKING_CANCELLED", uid: "gone", bookingId: null },
  ]);
  // An order of a deleted person (docs/decisions/0027-payments.md).
  const [order] = await db
    .insert(orders)
    .values({
      ...PRO_INSTALMENTS,
      personId: null,
      paidInstalments: 1,
      status: "refunded",
      checkoutSessionId: `cs_${ODD}`,
      fulfilledAt: new Date("2026-01-02T03:04:05.678Z"),
    })
    .returning();
  if (!order) throw new Error("no order");
  await addOddCodeRows(db, { odd, ghost, at, text: ODD });
  await addOddAgreementRows(db, { odd, ghost, at, text: ODD });
  await addOddIntakeRows(db, { odd, ghost, at, text: ODD });
  await db.insert(payments).values([
    {
      orderId: order.id,
      kind: "charge",
      amount: 8000,
      currency: "CAD",
      reference: "in_1",
      paymentIntent: "pi_1",
    },
    {
      orderId: order.id,
      kind: "refund",
      amount: 8000,
      currency: "CAD",
      reference: "ch_1:8000",
      receiptUrl: null,
    },
  ]);
  await db
    .insert(paymentEvents)
    .values({ id: "evt_odd", type: "invoice.paid", orderId: order.id, outcome: ODD });
  await db.insert(emailOutbox).values([
    {
      messageId: "<odd-1@localhost>",
      recipientId: odd.id,
      toAddress: odd.email,
      kind: "homework-assigned",
      subject: ODD,
      html: `<p>${ODD}</p>`,
      text: ODD,
      summary: ODD,
      status: "sent",
      sentAt: new Date("2026-03-01T10:00:00.123456Z"),
      attempts: 2,
      lastError: null,
    },
    {
      messageId: "<odd-2@localhost>",
      recipientId: odd.id,
      toAddress: odd.email,
      kind: "lesson-posted",
      subject: "held",
      html: "<p>held</p>",
      text: "held",
      summary: "held",
      status: "held",
    },
  ]);
  await db
    .insert(emailPreferences)
    .values({ profileId: odd.id, deliveries: { "lesson-posted": "digest" }, timeZone: "America/Toronto" });
  // A row only: the stored bytes are not in the database dump (docs/decisions/0043-file-storage.md).
  await db.insert(files).values({
    ownerId: odd.id,
    uploadedBy: null,
    kind: "resume",
    name: ODD,
    size: 1,
    type: "application/pdf",
    sha256: "0".repeat(64),
    storageKey: "00000000-0000-4000-8000-000000000000",
    createdAt: at as unknown as Date,
  });
  await addOddJobSearchRows(db, { odd, ghost, at, text: ODD });
}

let source: Fresh;
let dump: Dump;

beforeAll(async () => {
  source = await fresh();
  expect(await seedIfEmpty(source.db)).toBe(true);
  await addOddRows(source);
  dump = await dumpDatabase(source.db);
});

describe(`backups on ${databaseLabel}`, () => {
  test("the dump holds every table of the schema except sessions, parents before children", async () => {
    const names = schemaTables().map((table) => getTableConfig(table).name);
    const missing = names.filter((name) => !(name in dump.tables) && !EXCLUDED_TABLES.has(name));
    expect(missing, "tables of the schema missing from the dump").toEqual([]);
    expect([...EXCLUDED_TABLES]).toEqual(["sessions"]);
    expect(Object.keys(dump.tables)).not.toContain("sessions");

    // Every migrated table is declared in the schema, so none escapes the dump.
    const inDatabase = (
      (await source.db.execute(
        sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )) as unknown as { rows: { tablename: string }[] }
    ).rows.map((row) => row.tablename);
    expect(inDatabase.sort()).toEqual([...names].sort());

    const order = Object.keys(dump.tables);
    expect(order[0]).toBe("profiles");
    for (const table of schemaTables()) {
      const config = getTableConfig(table);
      if (EXCLUDED_TABLES.has(config.name)) continue;
      for (const fk of config.foreignKeys) {
        const parent = getTableConfig(fk.reference().foreignTable).name;
        expect(order.indexOf(parent)).toBeLessThanOrEqual(order.indexOf(config.name));
      }
    }

    // The fixture covers every table: a new table needs rows in addOddRows.
    for (const { name } of backupTables()) {
      expect(dump.tables[name]?.length ?? 0, `rows of ${name} in the fixture`).toBeGreaterThan(0);
    }
    expect(dump.format).toBe("coach-backup");
    expect(dump.version).toBe(1);
    expect(dump.migrations.length).toBeGreaterThan(0);
    expect(new Date(dump.createdAt).toISOString()).toBe(dump.createdAt);
  });

  test("values are written as they round-trip: ISO timestamps with microseconds, dates, arrays, JSON", () => {
    const odd = dump.tables.profiles?.find((p) => p.full_name === ODD);
    expect(odd).toMatchObject({ email: "zoë.o'brien+x@example.com", plan: "pro" });
    const lesson = dump.tables.lessons?.find((l) => l.title === "  leading and trailing spaces  ");
    expect(lesson?.occurred_at).toBe("2026-02-28T23:59:59.123456+00:00");
    expect(lesson?.notes).toBe("");
    expect(lesson?.recording_url).toBeNull();
    const piece = dump.tables.homework?.find((h) => h.due_date === "2024-02-29");
    expect(piece?.links).toEqual([{ label: "🚀", url: "https://example.com/ü" }]);
    const tagged = dump.tables.resources?.find((r) => r.title === ODD);
    expect(tagged?.tags).toEqual(["a,b", 'with "quote"', "ünï", "{brace}", "NULL", "", "back\\slash"]);
    const audited = dump.tables.audit_events?.find((a) => a.action === "profile.update");
    expect(audited?.before).toEqual({ plan: null, nested: { list: [1, 2.5, "x", null, true] }, text: ODD });
    for (const [name, rows] of Object.entries(dump.tables)) {
      const ids = rows.map((row) => String(row.id));
      expect(ids, `${name} ordered by id`).toEqual([...ids].sort(comparePostgresUuid));
    }
    expect(JSON.parse(serializeDump(dump))).toEqual(dump);
  });

  test("restoring into an empty database reproduces every table exactly", async () => {
    const target = await fresh();
    const counts = await restoreDatabase(target.db, JSON.parse(serializeDump(dump)));
    expect(counts).toEqual(
      Object.fromEntries(Object.entries(dump.tables).map(([name, rows]) => [name, rows.length])),
    );
    const again = await dumpDatabase(target.db);
    expect(again.migrations).toEqual(dump.migrations);
    expect(Object.keys(again.tables)).toEqual(Object.keys(dump.tables));
    for (const name of Object.keys(dump.tables)) {
      expect(again.tables[name], `table ${name}`).toEqual(dump.tables[name]);
    }
    expect(await target.db.$count(sessions)).toBe(0);
    expect(await seedIfEmpty(target.db)).toBe(false);
  });

  test("restoring into a database that is not empty is refused and changes nothing", async () => {
    const before = await dumpDatabase(source.db);
    await expect(restoreDatabase(source.db, dump)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(source.db, dump)).rejects.toThrow(/not empty \(.*profiles: \d+/);
    const after = await dumpDatabase(source.db);
    expect(after.tables).toEqual(before.tables);

    // "Empty" means every table: a lone audit event is enough to refuse.
    const other = await fresh();
    await other.db.insert(auditEvents).values({ action: "x", entity: "none" });
    await expect(restoreDatabase(other.db, dump)).rejects.toThrow(/not empty \(audit_events: 1\)/);
    expect(await other.db.$count(profiles)).toBe(0);
  });

  test("a dump of an unknown format, version or migration level is refused before anything is written", async () => {
    const target = await fresh();
    await expect(restoreDatabase(target.db, { ...dump, version: 2 })).rejects.toThrow(
      /version 2 is not known/,
    );
    await expect(restoreDatabase(target.db, { ...dump, format: "other" })).rejects.toThrow(
      /Not a backup of this application/,
    );
    await expect(
      restoreDatabase(target.db, { ...dump, migrations: [...dump.migrations, "0".repeat(64)] }),
    ).rejects.toThrow(/another migration level/);
    await expect(
      restoreDatabase(target.db, { ...dump, tables: { ...dump.tables, strangers: [] } }),
    ).rejects.toThrow(/does not know: strangers/);
    const { lessons: _dropped, ...withoutLessons } = dump.tables;
    await expect(restoreDatabase(target.db, { ...dump, tables: withoutLessons })).rejects.toThrow(
      /table lessons is missing/,
    );
    const renamed = {
      ...dump.tables,
      lessons: dump.tables.lessons?.map(({ notes, ...rest }) => ({ ...rest, note: notes })) ?? [],
    };
    await expect(restoreDatabase(target.db, { ...dump, tables: renamed })).rejects.toThrow(/differ/);
    expect(await target.db.$count(profiles)).toBe(0);
    await expect(restoreDatabase(target.db, dump)).resolves.toMatchObject({
      profiles: dump.tables.profiles?.length,
    });
  });
});

describe(`backups with files on ${databaseLabel} and the disk store`, () => {
  const folders: string[] = [];
  const stores: FileStore[] = [];
  afterAll(async () => {
    for (const store of stores) store.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  const folder = async () => {
    const made = await mkdtemp(path.join(tmpdir(), "backup-files-"));
    folders.push(made);
    return made;
  };
  /** A disk store in a new DATA_DIR, and what it holds. */
  const newStore = async () => {
    const dataDir = await folder();
    const store = diskFileStore(dataDir);
    stores.push(store);
    const objects = async () =>
      (await readdir(path.join(dataDir, "files", "objects")).catch(() => [] as string[])).sort();
    return { store, objects };
  };
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

  let sourceStore: Awaited<ReturnType<typeof newStore>>;
  let archiveFile: string;
  let sourceDump: Dump;
  const given = { resume: pdf(400_000), letter: docx() };

  beforeAll(async () => {
    const database = await fresh();
    await addOddRows(database); // its files row names an object no store holds
    sourceStore = await newStore();
    const coach = await insertPerson(database.db, "coach", null, "Cole Backup");
    const client = await insertPerson(database.db, "client", "pro", "Cleo Backup");
    for (const [name, bytes] of Object.entries(given)) {
      await addFile(
        database.db,
        authorize(name === "resume" ? client : coach, name === "resume" ? "files.own" : "files.manage"),
        sourceStore.store,
        { ownerId: client.id, kind: "other", name: `${name}.bin`, body: Readable.from([bytes]) },
        { maxBytes: 1024 * 1024, quotaBytes: 10 * 1024 * 1024 },
      );
    }
    sourceDump = await dumpDatabase(database.db);
    archiveFile = path.join(await folder(), "backup.zip");
    const summary = await writeBackupArchive(sourceDump, sourceStore.store, archiveFile);
    const sizes = Object.values(given).reduce((sum, bytes) => sum + bytes.length, 0);
    expect(summary).toEqual({ files: 2, bytes: sizes, gone: 1 });
  });

  test("the ZIP holds the dump and every stored file; a row whose object is gone is left out", async () => {
    const backup = await openBackup(archiveFile);
    try {
      expect([...(backup.archive?.sizes.keys() ?? [])].sort()).toEqual(
        [...(await sourceStore.objects()).map((key) => `files/${key}`), DUMP_ENTRY].sort(),
      );
      const sourceFiles = sourceDump.tables.files ?? [];
      expect(sourceFiles).toHaveLength(3);
      expect(backup.dump.tables.files).toEqual(sourceFiles.filter((row) => row.name !== ODD));
      for (const [name, rows] of Object.entries(sourceDump.tables)) {
        if (name !== "files") expect(backup.dump.tables[name], name).toEqual(rows);
      }
    } finally {
      backup.close();
    }
  });

  test("restoring into a fresh database and store brings back every row and every file's bytes", async () => {
    const target = await fresh();
    const targetStore = await newStore();
    const backup = await openBackup(archiveFile);
    try {
      await checkFileTarget(backup, targetStore.store);
      const restored = await restoreBackup(target.db, targetStore.store, backup);
      expect(restored.files).toBe(2);
      expect((await dumpDatabase(target.db)).tables).toEqual(backup.dump.tables);
    } finally {
      backup.close();
    }
    expect(await targetStore.objects()).toEqual(await sourceStore.objects());
    const [coach] = await target.db.select().from(profiles).where(eq(profiles.fullName, "Cole Backup"));
    if (!coach) throw new Error("coach not restored");
    const rows = await target.db.select().from(files).where(eq(files.uploadedBy, coach.id));
    for (const row of await target.db.select().from(files)) {
      const opened = await openFile(target.db, authorize(coach, "files.manage"), targetStore.store, row.id);
      const bytes = await bytesOf(opened.body);
      expect(sha256(bytes)).toBe(row.sha256);
      expect(bytes.equals(row.name === "resume.bin" ? given.resume : given.letter)).toBe(true);
    }
    expect(rows.map((row) => row.name)).toEqual(["letter.bin"]);
  });

  test("into a store that already holds files, or a database that is not empty: refused, nothing changed", async () => {
    const backup = await openBackup(archiveFile);
    try {
      await expect(checkFileTarget(backup, sourceStore.store)).rejects.toThrow(/file store is not empty/);

      const before = await dumpDatabase(source.db);
      const targetStore = await newStore();
      await expect(restoreBackup(source.db, targetStore.store, backup)).rejects.toThrow(/not empty/);
      expect((await dumpDatabase(source.db)).tables).toEqual(before.tables);
      expect(await targetStore.objects()).toEqual([]);
    } finally {
      backup.close();
    }
  });

  test("a file whose bytes differ from its row fails the restore, which leaves no row and no object", async () => {
    const backup = await openBackup(archiveFile);
    const forged = path.join(await folder(), "forged.zip");
    try {
      // The same entries, one file's bytes changed but not their size.
      const archive = backup.archive;
      if (!archive) throw new Error("a ZIP backup");
      const names = [...archive.sizes.keys()];
      await pipeline(
        zipStream(async (zip) => {
          for (const name of names) {
            const bytes = await bytesOf(await archive.open(name));
            if (name === names.find((n) => n.startsWith("files/")))
              bytes.writeUInt8((bytes.at(-1) ?? 0) ^ 0xff, bytes.length - 1);
            zip.addBuffer(name, bytes);
          }
        }),
        createWriteStream(forged),
      );
    } finally {
      backup.close();
    }
    const target = await fresh();
    const targetStore = await newStore();
    const opened = await openBackup(forged);
    try {
      await expect(restoreBackup(target.db, targetStore.store, opened)).rejects.toThrow(
        /The backup is damaged: the bytes of file .* do not match its record/,
      );
    } finally {
      opened.close();
    }
    expect(await target.db.$count(profiles)).toBe(0);
    expect(await targetStore.objects()).toEqual([]);
  });

  test("a database-only JSON backup restores only when the store already holds its files", async () => {
    const json = path.join(await folder(), "database-only.json");
    const backup = await openBackup(archiveFile);
    const dump = backup.dump;
    backup.close();
    await writeFile(json, serializeDump(dump));

    const empty = await newStore();
    const databaseOnly = await openBackup(json);
    expect(databaseOnly.archive).toBeNull();
    await expect(checkFileTarget(databaseOnly, empty.store)).rejects.toThrow(
      /holds the database only, and 2 of the files it names are not in the file store/,
    );
    await expect(checkFileTarget(databaseOnly, sourceStore.store)).resolves.toBeUndefined();
  });
});

/** PostgreSQL orders uuids bytewise: plain code-unit order of their hex. */
function comparePostgresUuid(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
