import { afterAll, beforeAll, expect, test } from "vitest";
import { createSession, readSessionCached, SESSION_RENEW_WITHIN_MS } from "~/server/auth/session.server";
import {
  cacheKey,
  currentGeneration,
  forgetPerson,
  listenForSessionChanges,
  rememberSession,
  resetSessionCache,
} from "~/server/auth/session-cache.server";
import { publishChange } from "~/server/live/bus.server";
import {
  listenForPageChanges,
  lookupPage,
  type PageTicket,
  type RenderedPage,
  rememberPage,
  resetPageCache,
} from "~/server/page-cache.server";
import { databaseLabel, freshDatabase } from "../support/database";
import { insertPerson } from "../support/people";

// The rules of the page cache (docs/decisions/0020-page-cache.md) on a real database and its live
// bus: a page is served only under the session-cache entry it was rendered for, is dropped when its
// person's records (or, for staff, anyone's) change, and a render that overlapped a drop is not kept.
// The HTTP side (nonces, compression, whole flows, two processes) is tests/system/page-cache.test.ts.

let database: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => database.db;

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "integration-session-secret-0123456789abcdef";
  database = await freshDatabase();
  resetSessionCache();
  resetPageCache();
  listenForSessionChanges(database.bus);
  listenForPageChanges(database.bus);
  await waitFor(() => lookupPage("/", () => undefined) !== null);
});
afterAll(async () => {
  resetPageCache();
  resetSessionCache();
  await database.dispose();
});

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(condition()).toBe(true);
}

const page = (text: string): RenderedPage => ({
  headers: [["content-type", "text/html"]],
  parts: [Buffer.from(text)],
});

async function signedIn(role: "client" | "admin" = "client") {
  const person = await insertPerson(db(), role, role === "client" ? "pro" : null, `Cached ${role}`);
  const setCookie = await createSession(db(), person.id, new Request("http://localhost/login"));
  const cookie = setCookie.split(";")[0] ?? "";
  const request = new Request("http://localhost/dashboard", { headers: { cookie } });
  const header = (name: string) => (name === "cookie" ? cookie : undefined);
  return { person, cookie, request, header };
}

function ticketFor(url: string, header: (name: string) => string | undefined): PageTicket {
  const found = lookupPage(url, header);
  if (!found || !("ticket" in found)) throw new Error(`expected to render ${url}`);
  return found.ticket;
}

/** What the server does for one page load: the session read of the render, then the page kept. */
async function render(who: Awaited<ReturnType<typeof signedIn>>, url: string, text: string) {
  const ticket = ticketFor(url, who.header);
  await readSessionCached(db(), who.request);
  rememberPage(ticket, page(text));
}

const served = (url: string, header: (name: string) => string | undefined) => {
  const found = lookupPage(url, header);
  return found && "page" in found ? found.page.parts.join("") : null;
};

test(`a page is served to the same cookies only, while its session entry stands (${databaseLabel})`, async () => {
  const daniel = await signedIn();
  const maya = await signedIn();
  await render(daniel, "/dashboard", "Daniel's dashboard");
  expect(served("/dashboard", daniel.header)).toBe("Daniel's dashboard");
  expect(served("/dashboard", maya.header)).toBeNull();
  expect(served("/dashboard?tab=2", daniel.header)).toBeNull();
  expect(
    served("/dashboard", (name) => (name === "cookie" ? `${daniel.cookie}; theme=light` : undefined)),
  ).toBeNull();

  // The person's session entry is forgotten and read again (a sign-in elsewhere, say): a new entry,
  // and the page rendered under the old one is not served, even though nothing else dropped it.
  forgetPerson(daniel.person.id);
  await readSessionCached(db(), daniel.request);
  expect(served("/dashboard", daniel.header)).toBeNull();
});

test(`a session near its renewal is rendered (and renewed), never served from memory (${databaseLabel})`, async () => {
  const who = await signedIn();
  const found = await readSessionCached(db(), who.request);
  if (!found) throw new Error("no session");
  // The session cache holds an entry whose session is within the renewal window.
  forgetPerson(who.person.id);
  const key = cacheKey(decodeURIComponent(who.cookie.slice(who.cookie.indexOf("=") + 1)));
  const near = new Date(Date.now() + SESSION_RENEW_WITHIN_MS - 60_000);
  rememberSession(
    key,
    { viewer: found.viewer, sessionId: found.sessionId, expiresAt: near },
    currentGeneration(),
  );
  const ticket = ticketFor("/lessons", who.header);
  rememberPage(ticket, page("lessons"));
  expect(served("/lessons", who.header)).toBeNull();
});

test(`a change to a client drops their pages and every staff page, not other clients' (${databaseLabel})`, async () => {
  const daniel = await signedIn();
  const maya = await signedIn();
  const admin = await signedIn("admin");
  await render(daniel, "/dashboard", "Daniel's");
  await render(maya, "/dashboard", "Maya's");
  await render(admin, "/admin/clients", "Everyone");
  expect(served("/admin/clients", admin.header)).toBe("Everyone");

  await publishChange(db(), { kind: "usage", clientId: daniel.person.id });
  await waitFor(() => served("/dashboard", daniel.header) === null);
  expect(served("/admin/clients", admin.header)).toBeNull();
  expect(served("/dashboard", maya.header)).toBe("Maya's");
});

test(`a render that overlapped a change is not kept (${databaseLabel})`, async () => {
  const who = await signedIn();
  await render(who, "/plan", "plan");
  const ticket = ticketFor("/homework", who.header);
  // The change commits while /homework is being rendered from what was read before it.
  await publishChange(db(), { kind: "homework", clientId: who.person.id });
  await waitFor(() => served("/plan", who.header) === null);
  rememberPage(ticket, page("stale homework"));
  expect(served("/homework", who.header)).toBeNull();
  // The next render, after the change, is kept.
  await render(who, "/homework", "fresh homework");
  expect(served("/homework", who.header)).toBe("fresh homework");
});

test(`a visitor's page needs no session, and a cookie whose session is unknown is never kept (${databaseLabel})`, async () => {
  const visitor = (name: string) => (name.toLowerCase() === "cf-ipcountry" ? "CA" : undefined);
  rememberPage(ticketFor("/pricing", visitor), page("CAD prices"));
  expect(served("/pricing", visitor)).toBe("CAD prices");
  expect(served("/pricing", () => undefined)).toBeNull();

  const forged = (name: string) => (name === "cookie" ? "session=not-a-real-session" : undefined);
  rememberPage(ticketFor("/dashboard", forged), page("nobody's"));
  expect(served("/dashboard", forged)).toBeNull();
});
