import { eq } from "drizzle-orm";
import type { Db } from "~/server/db.server";
import { smtpTransport } from "~/server/mail/transport.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { emailOutbox } from "~/server/schema";
import { type Received, startSmtp, type TestSmtp } from "./smtp";

/**
 * Every email waiting to be sent, sent by the real worker to a real SMTP server (./smtp.ts) and read back as
 * received; the server is handed to `keep`, which closes it after the file's tests.
 */
export async function deliverQueued(db: Db, keep: (server: TestSmtp) => void): Promise<Received[]> {
  const waiting = await db.$count(emailOutbox, eq(emailOutbox.status, "pending"));
  const server = await startSmtp();
  keep(server);
  const worker = startMailWorker({
    db,
    transport: smtpTransport(server.url, 5_000),
    from: '"Coaching" <no-reply@localhost>',
    leaseMs: 30_000,
    pollMs: 20,
    backoffMs: 10,
  });
  try {
    return await server.waitFor(waiting);
  } finally {
    await worker.stop();
  }
}
