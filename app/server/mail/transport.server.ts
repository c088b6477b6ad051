import nodemailer from "nodemailer";
import type { MailTransport, OutgoingMail } from "./worker.server";

// One pooled SMTP connection per process; timeouts sit well inside the worker's lease, so a hung server
// fails the attempt rather than outliving the claim.

export function smtpTransport(url: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail: OutgoingMail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}
