import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { profileForIdentity } from "~/server/auth/identity.server";
import {
  createSession,
  endSession,
  readSession,
  revokeAllSessions,
  SESSION_RENEW_WITHIN_MS,
  SESSION_TTL_MS,
} from "~/server/auth/session.server";
import { accounts, profiles, sessions } from "~/server/schema";
import { databaseForFile } from "../support/test-database";
import { uniqueId } from "../support/text";

const db = databaseForFile({ seed: true });

beforeAll(() => {
  process.env.SESSION_SECRET ??= "integration-session-secret-0123456789abcdef";
});

const identity = (overrides: Partial<Parameters<typeof profileForIdentity>[1]> = {}) => {
  const id = uniqueId();
  return {
    provider: "https://idp.example",
    subject: `sub-${id}`,
    email: `new-${id}@example.com`,
    name: "New Person",
    ...overrides,
  };
};

function requestWith(setCookie: string): Request {
  return new Request("http://localhost/dashboard", { headers: { cookie: setCookie.split(";")[0] ?? "" } });
}

test("a first sign-in creates a lead named by the provider, linked to the provider's subject", async () => {
  const who = identity({ name: "Ada Lovelace" });
  const viewer = await profileForIdentity(db(), who, []);
  expect(viewer).toMatchObject({ email: who.email, fullName: "Ada Lovelace", role: "lead", plan: null });
  const links = await db().select().from(accounts).where(eq(accounts.userId, viewer.id));
  expect(links.map((a) => [a.providerId, a.accountId])).toEqual([[who.provider, who.subject]]);
});

test("a seeded person is found by email regardless of case, and keeps their role and name", async () => {
  const viewer = await profileForIdentity(
    db(),
    identity({ email: "Maya.Chen@Example.com", name: "Someone Else" }),
    [],
  );
  expect(viewer).toMatchObject({
    email: "maya.chen@example.com",
    fullName: "Maya Chen",
    role: "client",
    plan: "basic",
  });
});

test("the next sign-in finds the person by subject, even after the provider's email casing changes", async () => {
  const who = identity();
  const first = await profileForIdentity(db(), who, []);
  const again = await profileForIdentity(db(), { ...who, email: who.email.toUpperCase() }, []);
  expect(again.id).toBe(first.id);
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${who.email}`);
  expect(row?.n).toBe(1);
});

test("ADMIN_EMAILS makes a new person admin at once", async () => {
  const who = identity();
  const viewer = await profileForIdentity(db(), who, [who.email.toLowerCase()]);
  expect(viewer.role).toBe("admin");
});

test("ADMIN_EMAILS is checked at every sign-in: adding an email later promotes the person", async () => {
  const who = identity();
  expect((await profileForIdentity(db(), who, [])).role).toBe("lead");
  expect((await profileForIdentity(db(), who, ["someone-else@example.com"])).role).toBe("lead");
  expect((await profileForIdentity(db(), who, [who.email.toLowerCase()])).role).toBe("admin");
});

test("a missing name is filled from the provider; an existing one is never overwritten", async () => {
  const noName = await profileForIdentity(
    db(),
    identity({ email: "noah.k@example.com", name: "Noah K" }),
    [],
  );
  expect(noName.fullName).toBe("Noah K");
  const kept = await profileForIdentity(db(), identity({ email: "noah.k@example.com", name: "Other" }), []);
  expect(kept.fullName).toBe("Noah K");
});

test("two first sign-ins of the same new email at once make one profile", async () => {
  const email = `race-${uniqueId()}@example.com`;
  const [a, b] = await Promise.all([
    profileForIdentity(db(), identity({ email, subject: "race-a" }), []),
    profileForIdentity(db(), identity({ email, subject: "race-b" }), []),
  ]);
  expect(a.id).toBe(b.id);
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.email, email));
  expect(row?.n).toBe(1);
});

test("a session reads back as its person; only the token's hash is stored", async () => {
  const viewer = await profileForIdentity(db(), identity({ name: "Session Person" }), []);
  const setCookie = await createSession(db(), viewer.id, new Request("http://localhost/login"));
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).not.toMatch(/Secure/i); // PUBLIC_ORIGIN is http here
  const found = await readSession(db(), requestWith(setCookie));
  expect(found?.viewer).toEqual(viewer);
  expect(found?.renewedCookie).toBeNull();
  const stored = await db().select().from(sessions).where(eq(sessions.userId, viewer.id));
  expect(stored).toHaveLength(1);
  const cookieValue = decodeURIComponent(setCookie.split(";")[0]?.split("=").slice(1).join("=") ?? "");
  expect(cookieValue).not.toContain(stored[0]?.tokenHash ?? "missing");
  expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
});

test("a tampered or unknown cookie is no session", async () => {
  expect(await readSession(db(), requestWith("session=abc"))).toBeNull();
  const viewer = await profileForIdentity(db(), identity(), []);
  const setCookie = await createSession(db(), viewer.id, new Request("http://localhost/login"));
  const [name, value = ""] = (setCookie.split(";")[0] ?? "").split("=");
  const forged = `${name}=${value.slice(0, -3)}abc`;
  expect(await readSession(db(), requestWith(forged))).toBeNull();
});

test("an expired session is refused", async () => {
  const viewer = await profileForIdentity(db(), identity(), []);
  const setCookie = await createSession(db(), viewer.id, new Request("http://localhost/login"));
  await db()
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, viewer.id));
  expect(await readSession(db(), requestWith(setCookie))).toBeNull();
});

test("a session used near its expiry is renewed to the full lifetime, with a fresh cookie", async () => {
  const viewer = await profileForIdentity(db(), identity(), []);
  const setCookie = await createSession(db(), viewer.id, new Request("http://localhost/login"));
  const soon = new Date(Date.now() + SESSION_RENEW_WITHIN_MS - 60_000);
  await db().update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, viewer.id));
  const found = await readSession(db(), requestWith(setCookie));
  expect(found?.renewedCookie).toMatch(/Expires=/);
  const [row] = await db().select().from(sessions).where(eq(sessions.userId, viewer.id));
  expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  // No write on every request.
  expect((await readSession(db(), requestWith(setCookie)))?.renewedCookie).toBeNull();
});

test("ending a session removes its row; revoking removes every session of the person and no one else's", async () => {
  const person = await profileForIdentity(db(), identity(), []);
  const other = await profileForIdentity(db(), identity(), []);
  const a = await createSession(db(), person.id, new Request("http://localhost/login"));
  const b = await createSession(db(), person.id, new Request("http://localhost/login"));
  const c = await createSession(db(), other.id, new Request("http://localhost/login"));

  const cleared = await endSession(db(), requestWith(a));
  expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  expect(await readSession(db(), requestWith(a))).toBeNull();
  expect(await readSession(db(), requestWith(b))).not.toBeNull();

  expect(await revokeAllSessions(db(), person.id)).toBe(1);
  expect(await readSession(db(), requestWith(b))).toBeNull();
  expect((await readSession(db(), requestWith(c)))?.viewer.id).toBe(other.id);
});
