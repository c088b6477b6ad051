import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

// A real SMTP server; `answer` decides each message's fate: undefined accepts, a code refuses (451 later,
// 550 never), "hang" stalls.

export type Received = { parsed: ParsedMail; raw: string; envelopeTo: string[] };

export type TestSmtp = {
  port: number;
  url: string;
  received: Received[];
  attempts: number;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
};

export async function startSmtp(
  options: { port?: number; answer?: (attempt: number, raw: string) => number | "hang" | undefined } = {},
): Promise<TestSmtp> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let attempts = 0;
  const notify = () => {
    for (const w of [...waiters]) {
      if (received.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(
      stream: SMTPServerDataStream,
      session: SMTPServerSession,
      callback: (error?: Error | null) => void,
    ) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        attempts += 1;
        const raw = Buffer.concat(chunks).toString("utf8");
        const answer = options.answer?.(attempts, raw);
        if (answer === "hang") return;
        if (typeof answer === "number") {
          const error = new Error(answer >= 500 ? "Mailbox unavailable" : "Try again later") as Error & {
            responseCode: number;
          };
          error.responseCode = answer;
          callback(error);
          return;
        }
        simpleParser(raw).then((parsed) => {
          received.push({ parsed, raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
          callback();
          notify();
        }, callback);
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    get attempts() {
      return attempts;
    },
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} emails, ${received.length} arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
