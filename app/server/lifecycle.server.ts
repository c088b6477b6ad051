import { listenForSessionChanges, resetSessionCache } from "./auth/session-cache.server";
import {
  closeDatabase,
  type Database,
  getDatabase,
  openDatabase,
  PGLITE_TEMPLATE,
  provideDatabase,
} from "./db.server";
import { getConfig } from "./env.server";
import { closeAllStreams } from "./live/streams.server";
import { mailContext } from "./mail/outbox.server";
import { smtpTransport } from "./mail/transport.server";
import { type MailWorker, startMailWorker } from "./mail/worker.server";
import { seedIfEmpty } from "./seed.server";
import { resolveSessionSecret } from "./session-secret.server";
import { assertValidSettings } from "./settings.server";

// The composition root of the app: everything done when the process starts and stops, in order, in
// this one file. The Express shell (express-shell/main.ts) calls `startup` before it listens and
// `stopLiveUpdates` + `shutdown` when it stops; the dev server opens the database on first use through
// the same opener. Modules below this one (db, caches, seed, live streams) never import each other
// for start-up's sake (docs/ARCHITECTURE.md).

let mailWorker: MailWorker | undefined;

/**
 * The outbox's worker (docs/decisions/0029-email-outbox.md), on the process's database: SMTP when
 * SMTP_URL is set, else none (due emails are marked "not sent" and stay readable on /admin/emails).
 */
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

/** How the process's database is opened: migrated, seeded when empty, its caches listening on its bus. */
async function openAppDatabase(): Promise<Database> {
  const { databaseUrl, dataDir } = getConfig();
  const database = await openDatabase({
    url: databaseUrl,
    dataDir,
    // A first start on an empty PGlite folder unpacks the build's template rather than running initdb.
    pgliteTemplate: PGLITE_TEMPLATE,
    prepare: seedIfEmpty,
  });
  // The session cache serves only while it hears the bus, so it starts listening as soon as it exists.
  listenForSessionChanges(database.bus);
  startMail(database);
  return database;
}
provideDatabase(openAppDatabase);

/** Work done once before the process takes traffic: settings and secrets checked, database ready. */
export async function startup(): Promise<Database> {
  assertValidSettings();
  resolveSessionSecret(getConfig());
  return getDatabase();
}

/**
 * First step of a graceful stop: ends the live-update streams, which would otherwise keep the
 * HTTP server from closing (browsers reconnect to another process, or to this one restarted).
 */
export function stopLiveUpdates(): void {
  closeAllStreams();
}

/** Graceful stop: the database (and its LISTEN connection) is closed last, after in-flight requests finished. */
export async function shutdown(): Promise<void> {
  closeAllStreams();
  // The email being sent finishes and is marked; the rest of its batch goes back to the outbox.
  await mailWorker?.stop();
  mailWorker = undefined;
  // The session cache listened on this database's bus: a later handle starts it afresh.
  resetSessionCache();
  await closeDatabase();
}
