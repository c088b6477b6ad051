import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq, inArray, or, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, test } from "vitest";
import type { Plan, Role } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import {
  DELETION_REQUESTED,
  deletePerson,
  EXPORT_DATA_NAME,
  exportPersonArchive,
  exportPersonData,
  hasRequestedDeletion,
  requestDeletion,
} from "~/server/models/data-rights.server";
import { addFile } from "~/server/models/files.server";
import { authorize } from "~/server/policy.server";
import {
  accounts,
  activities,
  auditEvents,
  bookings,
  files as fileRows,
  homework,
  lessons,
  profiles,
  resources,
  serviceUsage,
  sessions,
} from "~/server/schema";
import { addClientRows } from "../support/client-rows";
import { databaseLabel, everyRow } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { insertPerson } from "../support/people";
import { modelRefusal, PERMISSION } from "../support/refusal";
import { docx, pdf, png } from "../support/sample-files";
import { databaseForFile } from "../support/test-database";
import { bytesOf, readZip } from "../support/zip";

// docs/decisions/0016-data-rights.md on a real database.

const db = databaseForFile();
const files = fileStoreForFile();

const person = (role: Role, plan: Plan | null, fullName: string) => insertPerson(db(), role, plan, fullName);

async function populatedClient(name: string, coach: Viewer, admin: Viewer): Promise<Viewer> {
  const client = await person("client", "pro", name);
  const tag = `${name} ${randomUUID().slice(0, 6)}`;
  await addClientRows(db(), client.id, { coachId: coach.id, adminId: admin.id, tag });
  await db()
    .insert(auditEvents)
    .values({ actorId: admin.id, action: "usage.adjust", targetId: client.id, entity: "service_usage" });
  const uid = `cal-${randomUUID()}`;
  await db()
    .insert(bookings)
    .values({
      uid,
      currentUid: uid,
      clientId: client.id,
      kind: "session_30m",
      eventType: "coaching-session",
      title: `Session ${tag}`,
      startsAt: new Date(),
      endsAt: new Date(),
      attendeeEmail: client.email,
    });
  return client;
}

async function rowsOf(id: string) {
  const n = async (table: PgTable, where: SQL | undefined) =>
    (await db().select().from(table).where(where)).length;
  return {
    profiles: await n(profiles, eq(profiles.id, id)),
    sessions: await n(sessions, eq(sessions.userId, id)),
    accounts: await n(accounts, eq(accounts.userId, id)),
    usage: await n(serviceUsage, or(eq(serviceUsage.clientId, id), eq(serviceUsage.createdBy, id))),
    activities: await n(activities, or(eq(activities.clientId, id), eq(activities.createdBy, id))),
    bookings: await n(bookings, eq(bookings.clientId, id)),
    lessons: await n(lessons, or(eq(lessons.clientId, id), eq(lessons.coachId, id))),
    homework: await n(
      homework,
      or(eq(homework.clientId, id), eq(homework.assignedBy, id), eq(homework.reviewedBy, id)),
    ),
    resources: await n(resources, or(eq(resources.clientId, id), eq(resources.createdBy, id))),
    audit: await n(auditEvents, or(eq(auditEvents.targetId, id), eq(auditEvents.actorId, id))),
  };
}

let admin: Viewer;
let coach: Viewer;

beforeAll(async () => {
  admin = await person("admin", null, "Ada Admin");
  coach = await person("coach", null, "Cole Coach");
});

describe(`export (${databaseLabel})`, () => {
  test("holds the person's rows, no secrets, and none of another client's", async () => {
    const mine = await populatedClient("Mia Mine", coach, admin);
    const other = await populatedClient("Otto Other", coach, admin);
    const exported = await exportPersonData(db(), authorize(mine, "self.export"));

    expect(Date.parse(exported.generatedAt)).not.toBeNaN();
    expect(exported.profile.id).toBe(mine.id);
    expect(exported.accounts).toEqual([
      expect.objectContaining({
        provider: "https://issuer.example",
        subject: expect.stringContaining("Mia"),
      }),
    ]);
    expect(exported.sessions).toHaveLength(1);
    expect(Object.keys(exported.sessions[0] ?? {}).sort()).toEqual(["createdAt", "expiresAt"]);
    for (const rows of [
      exported.usage,
      exported.activities,
      exported.lessons,
      exported.homework,
      exported.resources,
      exported.auditEvents,
      exported.bookings,
    ]) {
      expect(rows).toHaveLength(1);
    }
    const text = JSON.stringify(exported);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("Otto");
    expect(text).not.toMatch(/tokenHash|token_hash|hash-/);
  });

  test("every signed-in role can export their own data", async () => {
    for (const role of ["lead", "coach", "admin"] as const) {
      const someone = await person(role, null, `Role ${role}`);
      const exported = await exportPersonData(db(), authorize(someone, "self.export"));
      expect(exported.profile.email).toBe(someone.email);
    }
  });
});

describe(`export archive (${databaseLabel})`, () => {
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  const LIMITS = { maxBytes: 1024 * 1024, quotaBytes: 10 * 1024 * 1024 };
  const upload = (viewer: Viewer, ownerId: string, name: string, bytes: Buffer) =>
    addFile(
      db(),
      authorize(viewer, viewer.role === "client" ? "files.own" : "files.manage"),
      files.store(),
      { ownerId, kind: "other", name, body: Readable.from([bytes]) },
      LIMITS,
    );

  test("a ZIP of the JSON and every file's bytes (sha256 as recorded), none of another client's", async () => {
    const mine = await populatedClient("Zia Zip", coach, admin);
    const other = await populatedClient("Otto Zip", coach, admin);
    const given = {
      resume: pdf(300_000),
      marked: png(2_000),
      letter: docx(),
    };
    const resume = await upload(mine, mine.id, "résumé 2026.pdf", given.resume);
    const marked = await upload(coach, mine.id, "marked-up.png", given.marked);
    const letter = await upload(mine, mine.id, 'cover: "final"?.docx', given.letter);
    await upload(other, other.id, "otto.pdf", pdf(10));

    const archive = await bytesOf(
      await exportPersonArchive(db(), authorize(mine, "self.export"), files.store()),
    );
    const entries = await readZip(archive);
    const json = JSON.parse(entries.get(EXPORT_DATA_NAME)?.toString("utf8") ?? "null");
    const { generatedAt: _at, ...withoutTime } = await exportPersonData(db(), authorize(mine, "self.export"));
    expect({ ...json, generatedAt: undefined }).toEqual({ ...JSON.parse(JSON.stringify(withoutTime)) });

    expect(json.files.map((f: { path: string }) => f.path).sort()).toEqual(
      [
        `files/${resume.id}-résumé 2026.pdf`,
        `files/${marked.id}-marked-up.png`,
        `files/${letter.id}-cover_ _final__.docx`,
      ].sort(),
    );
    expect([...entries.keys()].sort()).toEqual(
      [...json.files.map((f: { path: string }) => f.path), EXPORT_DATA_NAME].sort(),
    );
    for (const [added, bytes] of [
      [resume, given.resume],
      [marked, given.marked],
      [letter, given.letter],
    ] as const) {
      const exported = json.files.find((f: { id: string }) => f.id === added.id);
      const inArchive = entries.get(exported.path) ?? Buffer.alloc(0);
      expect(sha256(inArchive)).toBe(added.sha256);
      expect(sha256(inArchive)).toBe(sha256(bytes));
      expect(exported).toMatchObject({ name: added.name, size: bytes.length, sha256: added.sha256 });
    }
    const text = archive.toString("latin1");
    expect(text).not.toContain("otto.pdf");
    expect(JSON.stringify(json)).not.toMatch(/storageKey|storage_key/);
  });

  test("a file whose stored object is gone is left out, and the JSON says so", async () => {
    const mine = await populatedClient("Gus Gone", coach, admin);
    const kept = await upload(mine, mine.id, "kept.pdf", pdf(100));
    const gone = await upload(mine, mine.id, "gone.pdf", pdf(200));
    const [row] = await db().select().from(fileRows).where(eq(fileRows.id, gone.id));
    await files.store().delete(row?.storageKey ?? "");

    const entries = await readZip(
      await bytesOf(await exportPersonArchive(db(), authorize(mine, "self.export"), files.store())),
    );
    const json = JSON.parse(entries.get(EXPORT_DATA_NAME)?.toString("utf8") ?? "null");
    expect(json.files.find((f: { id: string }) => f.id === gone.id)?.path).toBeNull();
    expect([...entries.keys()].sort()).toEqual([`files/${kept.id}-kept.pdf`, EXPORT_DATA_NAME]);
  });
});

describe(`deletion request (${databaseLabel})`, () => {
  test("is recorded in the person's audit trail with the note", async () => {
    const client = await populatedClient("Rhea Request", coach, admin);
    const answer = await requestDeletion(
      db(),
      authorize(client, "self.request-deletion"),
      "  Please delete everything.  ",
    );
    expect(answer.message).toBe(DELETION_REQUESTED);
    const rows = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "data.deletion-requested"));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: client.id,
        targetId: client.id,
        entity: "profile",
        after: { note: "Please delete everything." },
      }),
    ]);
  });
});

describe(`whether a person has asked for deletion (${databaseLabel})`, () => {
  test("no until they ask, yes after; someone else's request is not theirs", async () => {
    const asker = await populatedClient("Asa Asker", coach, admin);
    const other = await populatedClient("Otto Other", coach, admin);
    expect(await hasRequestedDeletion(db(), authorize(asker, "self.request-deletion"))).toBe(false);
    await requestDeletion(db(), authorize(asker, "self.request-deletion"), null);
    expect(await hasRequestedDeletion(db(), authorize(asker, "self.request-deletion"))).toBe(true);
    expect(await hasRequestedDeletion(db(), authorize(other, "self.request-deletion"))).toBe(false);
  });
});

describe(`deleting a person (${databaseLabel})`, () => {
  test("a client's rows are gone from every table; an audit row records who", async () => {
    const doomed = await populatedClient("Dee Doomed", coach, admin);
    const bystander = await populatedClient("Bea Bystander", coach, admin);
    const bystanderBefore = await rowsOf(bystander.id);
    expect(Object.values(await rowsOf(doomed.id)).every((n) => n >= 1)).toBe(true);

    await deletePerson(db(), authorize(admin, "profile.delete"), doomed.id, files.store());

    expect(await rowsOf(doomed.id)).toEqual({
      profiles: 0,
      sessions: 0,
      accounts: 0,
      usage: 0,
      activities: 0,
      bookings: 0,
      lessons: 0,
      homework: 0,
      resources: 0,
      audit: 0,
    });
    expect(await rowsOf(bystander.id)).toEqual(bystanderBefore);
    const [record] = await db().select().from(auditEvents).where(eq(auditEvents.entityId, doomed.id));
    expect(record).toMatchObject({
      action: "profile.delete",
      actorId: admin.id,
      targetId: null,
      entity: "profile",
      before: { email: doomed.email, role: "client" },
    });
  });

  test("a coach's lessons and homework stay with the client, the author set null", async () => {
    const leaving = await person("coach", null, "Lou Leaving");
    const client = await populatedClient("Kim Kept", leaving, admin);
    await deletePerson(db(), authorize(admin, "profile.delete"), leaving.id, files.store());

    const kept = await db().select().from(lessons).where(eq(lessons.clientId, client.id));
    expect(kept).toEqual([expect.objectContaining({ coachId: null })]);
    const keptHomework = await db().select().from(homework).where(eq(homework.clientId, client.id));
    expect(keptHomework).toEqual([expect.objectContaining({ assignedBy: null })]);
    expect(await db().select().from(profiles).where(eq(profiles.id, leaving.id))).toEqual([]);
  });

  test("an admin can't delete themselves", async () => {
    const before = await everyRow(db());
    const thrown = await modelRefusal(() =>
      deletePerson(db(), authorize(admin, "profile.delete"), admin.id, files.store()),
    );
    expect(thrown.init?.status).toBe(409);
    expect(thrown.data?.error).toBe("You can't delete yourself.");
    expect(await everyRow(db())).toEqual(before);
  });

  test("an unknown id is a 404", async () => {
    const thrown = await modelRefusal(() =>
      deletePerson(db(), authorize(admin, "profile.delete"), randomUUID(), files.store()),
    );
    expect(thrown.init?.status).toBe(404);
  });

  for (const role of ["coach", "client", "lead"] as const) {
    test(`a ${role} is refused (403) and nothing changes`, async () => {
      const actor = await person(role, role === "client" ? "basic" : null, `Actor ${role}`);
      const subject = await populatedClient(`Sue Subject ${role}`, coach, admin);
      const before = await everyRow(db());
      const thrown = await modelRefusal(() =>
        deletePerson(db(), authorize(actor, "profile.delete"), subject.id, files.store()),
      );
      expect(thrown.init?.status).toBe(403);
      expect(thrown.data?.error).toBe(PERMISSION);
      expect(await everyRow(db())).toEqual(before);
      const still = await db()
        .select()
        .from(profiles)
        .where(inArray(profiles.id, [subject.id]));
      expect(still).toHaveLength(1);
    });
  }
});
