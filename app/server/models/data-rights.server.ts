import type { Readable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { DELETION_REQUESTED } from "~/lib/schemas/account";
import { forgetPerson } from "../auth/session-cache.server";
import type { Db } from "../db.server";
import { FileNotFoundError } from "../files/errors.server";
import type { FileStore } from "../files/store.server";
import { logger } from "../logger.server";
import { notifyDeletionRequest } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import {
  accounts,
  activities,
  auditEvents,
  bookings,
  emailOutbox,
  emailPreferences,
  files,
  homework,
  lessons,
  profiles,
  resources,
  serviceUsage,
  sessions,
} from "../schema";
import { zipStream } from "../zip.server";
import { acceptancesForExport } from "./agreement.server";
import { recordChange } from "./audit.server";
import { removeObjects, storageKeysOf } from "./files.server";
import { intakeForExport } from "./intake.server";
import { jobOffersForExport } from "./job-offers-read.server";
import { jobSearchForExport } from "./job-search-read.server";
import { ownOrders } from "./orders.server";
import { codesForExport } from "./referrals.server";

// The privacy page's promises (docs/decisions/0016-data-rights.md).

export { DELETION_REQUESTED };

const DELETION_REQUESTED_ACTION = "data.deletion-requested";

/** No secrets (session hashes). */
export async function exportPersonData(db: Db, permit: Permit<"self.export">) {
  return (await collectPersonData(db, permit)).data;
}

/** The data and, apart, where the store keeps each file: the keys are the store's business, not the person's. */
async function collectPersonData(db: Db, permit: Permit<"self.export">) {
  const { actor } = permit;
  const id = actor.id;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  if (!profile) refuse("No one with that id.", 404);
  const [
    accountRows,
    sessionRows,
    usage,
    activityRows,
    lessonRows,
    homeworkRows,
    resourceRows,
    auditRows,
    bookingRows,
    fileRows,
  ] = await Promise.all([
    db
      .select({ provider: accounts.providerId, subject: accounts.accountId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, id))
      .orderBy(asc(accounts.createdAt)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(asc(sessions.createdAt)),
    db.select().from(serviceUsage).where(eq(serviceUsage.clientId, id)).orderBy(asc(serviceUsage.createdAt)),
    db.select().from(activities).where(eq(activities.clientId, id)).orderBy(asc(activities.occurredAt)),
    db.select().from(lessons).where(eq(lessons.clientId, id)).orderBy(asc(lessons.occurredAt)),
    db.select().from(homework).where(eq(homework.clientId, id)).orderBy(asc(homework.createdAt)),
    db.select().from(resources).where(eq(resources.clientId, id)).orderBy(asc(resources.createdAt)),
    db.select().from(auditEvents).where(eq(auditEvents.targetId, id)).orderBy(asc(auditEvents.createdAt)),
    db.select().from(bookings).where(eq(bookings.clientId, id)).orderBy(asc(bookings.startsAt)),
    // What they are; the bytes travel in the archive (exportPersonArchive).
    db
      .select({
        id: files.id,
        storageKey: files.storageKey,
        name: files.name,
        kind: files.kind,
        type: files.type,
        size: files.size,
        sha256: files.sha256,
        homeworkId: files.homeworkId,
        lessonId: files.lessonId,
        createdAt: files.createdAt,
      })
      .from(files)
      .where(eq(files.ownerId, id))
      .orderBy(asc(files.createdAt)),
  ]);
  const [purchases, referrals, agreementAcceptances, intake, jobSearch, jobOffers] = await Promise.all([
    ownOrders(db, permit, { all: true }),
    codesForExport(db, permit),
    acceptancesForExport(db, id),
    intakeForExport(db, permit),
    jobSearchForExport(db, permit),
    jobOffersForExport(db, permit),
  ]);
  // The text part, not the HTML.
  const [emailRows, emailChoices] = await Promise.all([
    db
      .select({
        kind: emailOutbox.kind,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.recipientId, id))
      .orderBy(asc(emailOutbox.createdAt)),
    db.select().from(emailPreferences).where(eq(emailPreferences.profileId, id)),
  ]);
  const keys = new Map(fileRows.map((row) => [row.id, row.storageKey]));
  const data = {
    generatedAt: new Date().toISOString(),
    profile,
    accounts: accountRows,
    sessions: sessionRows,
    usage,
    activities: activityRows,
    lessons: lessonRows,
    homework: homeworkRows,
    resources: resourceRows,
    auditEvents: auditRows,
    bookings: bookingRows,
    files: fileRows.map(({ storageKey: _key, ...file }) => ({
      ...file,
      /** Where the export's archive holds the bytes; null if they could not be read. */
      path: archivePath(file) as string | null,
    })),
    orders: purchases,
    ...referrals,
    agreementAcceptances,
    intakeResponses: intake,
    // docs/decisions/0053-job-search.md: each application and every move of it.
    ...jobSearch,
    // Phase 2: interviews, offers, current pay, the outcome.
    ...jobOffers,
    emails: emailRows,
    emailPreferences: emailChoices[0] ?? null,
  };
  return { data, keys };
}

export const EXPORT_ARCHIVE_NAME = "my-data.zip";
export const EXPORT_DATA_NAME = "my-data.json";

// Unique by the id; what Windows will not put in a file name goes (cleanFileName already took paths and
// control characters out when the file was added).
function archivePath(file: { id: string; name: string }): string {
  return `files/${file.id}-${file.name.replace(/[<>:"|?*\\/]/g, "_")}`;
}

/**
 * The export as one ZIP, streamed: each file's bytes under its `path`, then my-data.json. The JSON comes
 * last so it can say which file, if any, could not be read (a row whose object is gone).
 */
export async function exportPersonArchive(
  db: Db,
  permit: Permit<"self.export">,
  store: FileStore,
): Promise<Readable> {
  const { data, keys } = await collectPersonData(db, permit);
  return zipStream(async (zip) => {
    for (const file of data.files) {
      const key = keys.get(file.id);
      const opened = key ? await store.read(key).catch(missing) : null;
      if (!opened || !file.path) {
        logger.error({ fileId: file.id }, "a file's row names no stored object; left out of the export");
        file.path = null;
        continue;
      }
      await zip.addStream(file.path, opened.body, { size: file.size, mtime: new Date(file.createdAt) });
    }
    zip.addBuffer(EXPORT_DATA_NAME, Buffer.from(`${JSON.stringify(data, null, 2)}\n`));
  });
}

function missing(error: unknown): null {
  if (error instanceof FileNotFoundError) return null;
  throw error;
}

export type PersonData = Awaited<ReturnType<typeof exportPersonData>>;

/** Into the person's audit trail, where the admin sees it. */
export async function requestDeletion(db: Db, permit: Permit<"self.request-deletion">, note: string | null) {
  const { actor } = permit;
  const text = note?.trim().slice(0, 1000) || null;
  await db.transaction(async (tx) => {
    await notifyDeletionRequest(tx, actor, text);
    // The request shows on the person's admin page: open ones (and caches) hear of it.
    await recordChange(
      tx,
      permit,
      {
        action: DELETION_REQUESTED_ACTION,
        targetId: actor.id,
        entity: "profile",
        entityId: actor.id,
        after: text ? { note: text } : null,
      },
      { kind: "profile", clientId: actor.id, userId: actor.id },
    );
  });
  return { message: DELETION_REQUESTED };
}

/** Read from the trail, so no revalidation can take the confirmation away. */
export async function hasRequestedDeletion(
  db: Db,
  permit: Permit<"self.request-deletion">,
): Promise<boolean> {
  const { actor } = permit;
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, actor.id), eq(auditEvents.action, DELETION_REQUESTED_ACTION)))
    .limit(1);
  return row !== undefined;
}

/**
 * The schema's ON DELETE rules do the rest: their own rows cascade; rows they authored for others
 * keep the record with the author set null. Their files' rows go with them; the stored objects after the
 * commit (a failure leaves objects no row names, which the sweep removes).
 */
export async function deletePerson(db: Db, permit: Permit<"profile.delete">, id: string, store: FileStore) {
  const { actor } = permit;
  if (id === actor.id) refuse("You can't delete yourself.", 409);
  const deleted = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: profiles.id, email: profiles.email, role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, id))
      .for("update");
    if (!current) refuse("No one with that id.", 404);
    const keys = await storageKeysOf(tx, id);
    await tx.delete(profiles).where(eq(profiles.id, id));
    // Their sessions went with them: pages and session caches hear it on commit.
    await recordChange(
      tx,
      permit,
      {
        action: "profile.delete",
        targetId: null,
        entity: "profile",
        entityId: id, // no foreign key: the id stays as a reference after the row is gone
        before: { email: current.email, role: current.role },
      },
      { kind: "session", userId: id },
    );
    return { email: current.email, keys };
  });
  forgetPerson(id);
  await removeObjects(store, deleted.keys);
  return { email: deleted.email };
}
