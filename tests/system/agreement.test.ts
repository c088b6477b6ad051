import { beforeAll, describe, expect, test } from "vitest";
import { AGREEMENT_NEWER, AGREEMENT_NO_VERSION, AGREEMENT_TICK_REQUIRED } from "~/lib/schemas/agreement";
import { bookingToken } from "~/server/bookings/booking-token.server";
import { deliverBooking, TEST_CAL_SECRET } from "../support/cal";
import { localSignIn } from "../support/local-sign-in";
import { personIdOf } from "../support/people-list";
import { serversForFile } from "../support/server-file";
import { type RunningServer, startServer } from "../support/server-process";

// The coaching agreement through the running server (docs/decisions/0047-coaching-agreement.md): the
// address kept is Express's trusted one, a posted person id is ignored, and bad acceptances are refused
// with a 4xx and nothing stored, as a document and as its `.data` twin; and the Cal.com webhook holds back
// a booking from a portal link kept from before a version was due.

serversForFile();

type Session = { server: RunningServer; admin: string; maya: string; danielId: string };

const SESSION_SECRET = "agreement-system-test-secret-0123456789";

async function openServer(env: Record<string, string>): Promise<Session> {
  const server = await startServer({
    env: { MUTATION_RATE_LIMIT: "100000", SESSION_SECRET, CAL_WEBHOOK_SECRET: TEST_CAL_SECRET, ...env },
  });
  const admin = await localSignIn(server.url, "admin@example.com");
  const maya = await localSignIn(server.url, "maya.chen@example.com");
  const danielId = await personIdOf(server.url, admin, "daniel.okafor@example.com");
  return { server, admin, maya, danielId };
}

function post(s: Session, path: string, cookie: string, fields: Record<string, string>, headers = {}) {
  return fetch(`${s.server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams(fields),
  });
}

async function page(s: Session, path: string, cookie: string) {
  const response = await fetch(`${s.server.url}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The version saved, read from its confirmation. */
async function saveVersion(s: Session, body: string): Promise<number> {
  const response = await post(s, "/admin/agreement.data", s.admin, {
    intent: "save-agreement",
    body,
    requiresAcceptance: "on",
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return Number(/Version (\d+) saved/.exec(text)?.[1]);
}

/** The acceptance rows of the admin page, one line per row. */
async function acceptances(s: Session): Promise<string[]> {
  const html = await page(s, "/admin/agreement", s.admin);
  return [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)]
    .slice(1)
    .map((m) => m[1]?.replace(/<[^>]+>/g, " ") ?? "");
}

const accept = (version: number, more: Record<string, string> = {}) => ({
  intent: "accept",
  version: String(version),
  fullName: "Maya Chen",
  accept: "on",
  ...more,
});

describe("without a trusted proxy (TRUST_PROXY=false)", () => {
  let s: Session;
  beforeAll(async () => {
    s = await openServer({ TRUST_PROXY: "false" });
  });

  test("bad acceptances: each a clear 4xx, nothing stored", async () => {
    const current = await saveVersion(s, "# Terms\n\nFirst.");
    const before = await acceptances(s);
    const cases: [Record<string, string>, number, string][] = [
      [accept(current + 1000), 404, AGREEMENT_NO_VERSION],
      [accept(current, { accept: "" }), 400, AGREEMENT_TICK_REQUIRED],
      [accept(current, { fullName: "   " }), 400, "Type your full name to accept."],
      [accept(current, { fullName: "x".repeat(1_000_000) }), 400, "Keep your name under 200 characters."],
      [accept(current, { version: "1 OR 1=1" }), 400, AGREEMENT_NO_VERSION],
    ];
    for (const twin of ["", ".data"]) {
      for (const [fields, status, message] of cases) {
        const response = await post(s, `/agreement${twin}`, s.maya, fields);
        const text = await response.text();
        expect(response.status, `${twin} ${message}`).toBe(status);
        expect(text).toContain(message);
      }
    }
    // An older version, once a newer one is out.
    const newer = await saveVersion(s, "# Terms\n\nSecond.");
    const older = await post(s, "/agreement", s.maya, accept(current));
    expect(older.status).toBe(409);
    expect(await older.text()).toContain(AGREEMENT_NEWER);
    expect(await acceptances(s)).toEqual(before);
    expect(newer).toBeGreaterThan(current);
  });

  test("the address is the connection's, not a visitor's X-Forwarded-For; a posted person id is ignored", async () => {
    const version = await saveVersion(s, "# Terms\n\nThird.");
    const response = await post(
      s,
      "/agreement",
      s.maya,
      accept(version, { profileId: s.danielId, profile_id: s.danielId, fullName: "Maya Forged" }),
      { "x-forwarded-for": "198.51.100.99", "user-agent": "AgreementTest/1.0" },
    );
    expect(response.status, await response.text()).toBe(200);
    const rows = (await acceptances(s)).filter((row) => row.includes("Maya Forged"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("maya.chen@example.com");
    expect(rows[0]).not.toContain("daniel.okafor@example.com");
    expect(rows[0]).toMatch(/127\.0\.0\.1|::1/);
    expect(rows[0]).not.toContain("198.51.100.99");
    expect(rows[0]).toContain("AgreementTest/1.0");
  });
});

/** A signed BOOKING_CREATED from Cal.com carrying Maya's portal link token, as the webhook receives it. */
async function bookedFromMayasLink(s: Session): Promise<string | undefined> {
  const mayaId = await personIdOf(s.server.url, s.admin, "maya.chen@example.com");
  const token = bookingToken(mayaId, SESSION_SECRET);
  const response = await deliverBooking(s.server.url, { email: "maya.chen@example.com", token });
  const answer = (await response.json()) as { summary?: string };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.summary;
}

describe("the webhook holds a booking back too (TRUST_PROXY=false)", () => {
  test("Maya's old link, while a new version waits for her: to confirm, with the reason on the admin home", async () => {
    const s = await openServer({ TRUST_PROXY: "false" });
    const version = await saveVersion(s, "# Terms\n\nAsked again.");
    expect(await bookedFromMayasLink(s)).toBe("to confirm");
    const home = await page(s, "/admin", s.admin);
    expect(home).toContain("To confirm: Booked from Maya&#x27;s portal link before accepting the agreement");
    expect((await post(s, "/agreement", s.maya, accept(version))).status).toBe(200);
    // Hers now: her seeded Basic plan has no 30-minute sessions, so it is hers and over plan.
    expect(await bookedFromMayasLink(s)).toBe("over plan");
  });
});

describe("behind a proxy on loopback (TRUST_PROXY's default)", () => {
  test("the proxy's X-Forwarded-For is the address kept", async () => {
    const s = await openServer({});
    const version = await saveVersion(s, "# Terms\n\nBehind the proxy.");
    const response = await post(s, "/agreement", s.maya, accept(version, { fullName: "Maya Proxied" }), {
      "x-forwarded-for": "203.0.113.50",
    });
    expect(response.status, await response.text()).toBe(200);
    const row = (await acceptances(s)).find((r) => r.includes("Maya Proxied"));
    expect(row).toContain("203.0.113.50");
  });
});
