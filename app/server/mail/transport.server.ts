import type { Transporter } from "nodemailer";
import type { MailTransport, OutgoingMail } from "./worker.server";

// One pooled SMTP connection per process; timeouts sit well inside the worker's lease, so a hung server
// fails the attempt rather than outliving the claim. nodemailer is loaded by the first email sent, not at
// start (docs/decisions/0040-cold-start.md); SMTP_URL was checked with the rest of the settings.

export function smtpTransport(url: string, timeoutMs: number): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const open = () => {
    transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: 1,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    );
    return transporter;
  };
  return {
    async send(mail: OutgoingMail) {
      await (await open()).sendMail(mail);
    },
    close() {
      void transporter?.then((opened) => opened.close());
    },
  };
}
