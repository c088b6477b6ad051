import { listenForSessionChanges, resetSessionCache } from "./auth/session-cache.server";
import {
  closeDatabase,
  type Database,
  getDatabase,
  openDatabase,
  PGLITE_TEMPLATE,
  provideDatabase,
} from "./db.server";
import { closeAllStreams } from "./entries/streams.server";
import { getConfig } from "./env.server";
import { closeFileStore, getFileStore } from "./files/app-store.server";
import { type FileSweeper, startFileSweep } from "./files/sweep.server";
import { logger } from "./logger.server";
import { mailContext } from "./mail/outbox.server";
import { smtpTransport } from "./mail/transport.server";
import { type MailWorker, startMailWorker } from "./mail/worker.server";
import { isKnownFile } from "./models/files.server";
import { seedIfEmpty } from "./seed.server";
import { resolveSessionSecret } from "./session-secret.server";
import { assertValidSettings } from "./settings.server";

// The composition root: everything done when the process starts and stops, in order
// (docs/decisions/0025-composition-root.md).

let mailWorker: MailWorker | undefined;

/** Without SMTP_URL, due emails are marked "not sent" and stay readable on /admin/emails. */
function startMail(database: Database): void {
  const { mail } = getConfig();
  const context = mailContext();
  const leaseMs = mail.leaseSeconds * 1000;
  mailWorker = startMailWorker({
    db: database.db,
    transport: mail.smtpUrl ? smtpTransport(mail.smtpUrl, Math.min(30_000, leaseMs / 4)) : null,
    from: mail.from ?? `"${context.siteName}" <no-reply@${new URL(context.origin).hostname}>`,
    leaseMs,
    context,
  });
}

let fileSweeper: FileSweeper | undefined;

/** Removes stored objects no row names, left by a crash between the two (docs/decisions/0043-file-storage.md). */
function startFiles(database: Database): void {
  void fileSweeper?.stop(); // a database opened again after a failure
  fileSweeper = startFileSweep(getFileStore(), {
    isKnown: isKnownFile(database.db),
    onReport: (report) => {
      if (report.removedOrphans + report.removedTemporary > 0) logger.info(report, "file sweep");
    },
    onError: (error) => logger.error({ err: (error as Error).message }, "file sweep failed; trying again"),
  });
}

async function openAppDatabase(): Promise<Database> {
  const { databaseUrl, dataDir } = getConfig();
  const database = await openDatabase({
    url: databaseUrl,
    dataDir,
    pgliteTemplate: PGLITE_TEMPLATE,
    prepare: seedIfEmpty,
  });
  // The session cache serves only while it hears the bus.
  listenForSessionChanges(database.bus);
  startMail(database);
  startFiles(database);
  return database;
}
provideDatabase(openAppDatabase);

export async function startup(): Promise<Database> {
  assertValidSettings();
  resolveSessionSecret(getConfig());
  return getDatabase();
}

/** Ends the live streams first: they would keep the HTTP server from closing. */
export function stopLiveUpdates(): void {
  closeAllStreams();
}

/** The database is closed last, after in-flight requests finished. */
export async function shutdown(): Promise<void> {
  closeAllStreams();
  // The email being sent finishes; the rest of its batch goes back to the outbox.
  await mailWorker?.stop();
  mailWorker = undefined;
  // A sweep under way finishes before the store and the database close.
  await fileSweeper?.stop();
  fileSweeper = undefined;
  closeFileStore();
  resetSessionCache();
  await closeDatabase();
}
