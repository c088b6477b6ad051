import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { localSignIn } from "../support/local-sign-in";
import {
  assertBuilt,
  freshDataDir,
  type RunningServer,
  startServer,
  stopAllServers,
} from "../support/server-process";
import { type Received, startSmtp } from "../support/smtp";

// Killed mid-batch with one message unanswered, the server delivers every email exactly once after a restart
// (docs/decisions/0029-email-outbox.md); the one-click unsubscribe passes the same-site check, nothing else does.

assertBuilt();

let hang = true;
const smtp = await startSmtp({ answer: (attempt) => (hang && attempt >= 7 ? "hang" : undefined) });
afterAll(async () => {
  await stopAllServers();
  await smtp.close();
});

const dataDir = freshDataDir("coach-email-");
const env = {
  SMTP_URL: smtp.url,
  MAIL_FROM: "Coach <coach@example.com>",
  MAIL_LEASE_SECONDS: "4",
  SESSION_SECRET: randomBytes(32).toString("hex"),
};
const start = () => startServer({ dataDir, env });

/** Each new lead's first sign-in emails the seeded admin and coach. */
async function newLeads(server: RunningServer, count: number, tag: string) {
  for (let i = 0; i < count; i++) await localSignIn(server.url, `lead-${tag}-${i}@example.com`);
}

const unsubscribeLink = (mail: Received) =>
  /<([^>]+)>/.exec(mail.parsed.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "")?.[1] ?? "";

describe("the email worker in the built server", () => {
  let server: RunningServer;

  test("killed mid-batch: after a restart every email is delivered exactly once", async () => {
    server = await start();
    await newLeads(server, 10, "a");
    await expect.poll(() => smtp.attempts, { timeout: 60_000 }).toBeGreaterThanOrEqual(7);
    await server.stop("SIGKILL");
    expect(smtp.received).toHaveLength(6);
    hang = false;
    server = await start();
    await smtp.waitFor(20, 60_000);
    // A graceful stop: nothing still in flight could arrive after the count.
    await server.stop();
    const ids = smtp.received.map((m) => m.parsed.messageId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(new Set(smtp.received.flatMap((m) => m.envelopeTo))).toEqual(
      new Set(["admin@example.com", "coach@example.com"]),
    );
  });

  test("one-click unsubscribe: document and .data forms without Origin or cookie; tampered refused", async () => {
    server = await start();
    const toAdmin = smtp.received.filter((m) => m.envelopeTo.includes("admin@example.com"));
    const link = unsubscribeLink(toAdmin[0] as Received);
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/email\/unsubscribe\/[A-Za-z0-9_-]+~[A-Za-z0-9_-]{43}$/);
    const oneClick = (target: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${target}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "List-Unsubscribe=One-Click",
      });
    // The signature is the authority, so a provider's own Origin passes.
    const foreign = { origin: "https://mail.example", "sec-fetch-site": "cross-site" };

    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("a new lead signed up");

    const tampered = `${path.slice(0, -2)}${path.endsWith("AA") ? "BB" : "AA"}`;
    for (const target of [tampered, `${tampered}.data`]) {
      const refused = await oneClick(target, foreign);
      await refused.arrayBuffer();
      expect(refused.status, target).toBe(400);
    }
    for (const target of ["/account", "/email/unsubscribe/not-a-token", "/email/unsubscribe/a~b.data"]) {
      const blocked = await oneClick(target, foreign);
      await blocked.arrayBuffer();
      expect(blocked.status, target).toBe(403);
    }

    const documentForm = await oneClick(path, foreign);
    expect(documentForm.status).toBe(200);
    expect(await documentForm.text()).toContain("You&#x27;re unsubscribed");
    const dataForm = await oneClick(`${path}.data`, foreign);
    expect(dataForm.status).toBe(200);
    expect(await dataForm.text()).toContain("unsubscribed");

    const before = smtp.received.length;
    await newLeads(server, 1, "b");
    await smtp.waitFor(before + 1, 30_000);
    await server.stop();
    const after = smtp.received.slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]?.envelopeTo).toEqual(["coach@example.com"]);
  });
});
