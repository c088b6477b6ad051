import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { parseJsonText } from "~/lib/json-text";
import { listPeople, PEOPLE_PAGE_SIZE, pickableClients } from "~/server/models/people.server";
import { authorize } from "~/server/policy.server";
import { profiles } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { modelRefusal } from "../support/refusal";
import { databaseForFile } from "../support/test-database";

// The Leads & Clients list and the lesson picker's clients, on a database of their own holding a population
// known exactly.

const listing = databaseForFile();
let listAdmin: Viewer;
let listCoach: Viewer;
// A lead and a client of the list, as the people the picker refuses.
let listLead: Viewer;
let listClient: Viewer;
const BULK = 30;
const two = (n: number) => String(n).padStart(2, "0");

// Emails differ at their first letters or digits, so the order is the same under any collation.
const NAMED_CLIENTS = [
  { email: "maya.chen@list.test", fullName: "Maya Chen", plan: "pro" },
  { email: "zoe@list.test", fullName: "Zoë Ng", plan: null },
  { email: "ready@list.test", fullName: "100% Ready", plan: "premium" },
  { email: "per%cy@list.test", fullName: "Percy", plan: "basic" },
  { email: "backslash@list.test", fullName: "Back\\slash", plan: "basic" },
] as const;
const NAMED_LEADS = [
  { email: "mlopez@list.test", fullName: "MAYA Lopez" },
  { email: "noname@list.test", fullName: null },
  { email: "sam@list.test", fullName: "snake_case Sam" },
  { email: "under_score@list.test", fullName: "Under Score" },
] as const;
const BULK_CLIENTS = Array.from({ length: BULK }, (_, i) => `client${two(i + 1)}@list.test`);
const BULK_LEADS = Array.from({ length: BULK }, (_, i) => `lead${two(i + 1)}@list.test`);
const ALL_LISTED = [
  "backslash@list.test",
  ...BULK_CLIENTS,
  ...BULK_LEADS,
  "maya.chen@list.test",
  "mlopez@list.test",
  "noname@list.test",
  "per%cy@list.test",
  "ready@list.test",
  "sam@list.test",
  "under_score@list.test",
  "zoe@list.test",
];
const LEADS = ALL_LISTED.filter((e) => e.startsWith("lead") || NAMED_LEADS.some((l) => l.email === e));
const CLIENTS = ALL_LISTED.filter((e) => !LEADS.includes(e));

async function seedListing() {
  // Staff matching the searches below: never listed.
  listAdmin = await insertPerson(listing(), "admin", null, "Chen Admin", "achen.admin@list.test");
  listCoach = await insertPerson(listing(), "coach", null, "Coach Maya", "coach_maya@list.test");
  await listing()
    .insert(profiles)
    .values([
      ...NAMED_CLIENTS.map((c) => ({ ...c, role: "client" as const })),
      ...NAMED_LEADS.map((l) => ({ ...l, role: "lead" as const, plan: null })),
      ...BULK_CLIENTS.map((email, i) => ({
        email,
        fullName: `Bulk Client ${two(i + 1)}`,
        role: "client" as const,
        plan: "basic" as const,
      })),
      ...BULK_LEADS.map((email, i) => ({
        email,
        fullName: `Bulk Lead ${two(i + 1)}`,
        role: "lead" as const,
      })),
    ]);
  const listed = async (email: string) => {
    const [row] = await listing().select().from(profiles).where(eq(profiles.email, email));
    if (!row) throw new Error(`${email} not inserted`);
    return row;
  };
  listLead = await listed("mlopez@list.test");
  listClient = await listed("maya.chen@list.test");
}

const list = async (options: Parameters<typeof listPeople>[2], actor = listAdmin) => {
  const found = await listPeople(listing(), authorize(actor, "profiles.list"), options);
  return { ...found, rows: parseJsonText(found.rows) };
};
const emails = (rows: { email: string }[]) => rows.map((row) => row.email);

beforeAll(async () => {
  await seedListing();
}, 120_000);

describe(`Leads & Clients list (${databaseLabel})`, () => {
  test("All: leads and clients only, by email, 50 a page, with the three counts", async () => {
    expect(ALL_LISTED).toHaveLength(69);
    const first = await list({});
    expect(first.counts).toEqual({ leads: 34, clients: 35, all: 69 });
    expect(first).toMatchObject({ total: 69, page: 1, pageSize: PEOPLE_PAGE_SIZE });
    expect(PEOPLE_PAGE_SIZE).toBe(50);
    expect(emails(first.rows)).toEqual(ALL_LISTED.slice(0, 50));
    const second = await list({ page: 2 });
    expect(emails(second.rows)).toEqual(ALL_LISTED.slice(50));
    expect(second).toMatchObject({ page: 2, total: 69, counts: first.counts });
    const beyond = await list({ page: 3 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(69);
  });

  test("a page below 1 is page 1", async () => {
    for (const page of [0, -3]) {
      const result = await list({ page });
      expect(result.page).toBe(1);
      expect(emails(result.rows)).toEqual(ALL_LISTED.slice(0, 50));
    }
  });

  test("Leads and Clients filters: only that role; counts stay those of all three buttons", async () => {
    const leads = await list({ filter: "leads" });
    expect(emails(leads.rows)).toEqual(LEADS);
    expect(leads.rows.every((row) => row.role === "lead")).toBe(true);
    expect(leads).toMatchObject({ total: 34, counts: { leads: 34, clients: 35, all: 69 } });
    const clients = await list({ filter: "clients" });
    expect(emails(clients.rows)).toEqual(CLIENTS);
    expect(clients.rows.every((row) => row.role === "client")).toBe(true);
    expect(clients.total).toBe(35);
  });

  test("staff are never listed, whatever the filter or search", async () => {
    for (const filter of ["all", "leads", "clients"] as const) {
      for (const search of ["", "chen", "maya", "admin", "coach", "achen.admin@list.test"]) {
        const { rows } = await list({ filter, search });
        expect(emails(rows)).not.toContain("achen.admin@list.test");
        expect(emails(rows)).not.toContain("coach_maya@list.test");
      }
    }
  });

  test("rows carry name (null when empty), email, role and the stored plan", async () => {
    const rows = [...(await list({ page: 1 })).rows, ...(await list({ page: 2 })).rows];
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get("zoe@list.test")).toMatchObject({ fullName: "Zoë Ng", role: "client", plan: null });
    expect(byEmail.get("noname@list.test")).toMatchObject({ fullName: null, role: "lead", plan: null });
    expect(byEmail.get("maya.chen@list.test")).toMatchObject({ role: "client", plan: "pro" });
    expect(Object.keys(byEmail.get("maya.chen@list.test") ?? {}).sort()).toEqual(
      ["email", "fullName", "id", "plan", "role"].sort(),
    );
  });

  test("search is case-insensitive on name or email, trimmed, and the counts follow it", async () => {
    const maya = await list({ search: "maya" });
    expect(emails(maya.rows)).toEqual(["maya.chen@list.test", "mlopez@list.test"]);
    expect(maya.counts).toEqual({ leads: 1, clients: 1, all: 2 });
    expect(emails((await list({ search: "  mAyA  " })).rows)).toEqual(emails(maya.rows));
    expect(emails((await list({ search: "MAYA.CHEN@LIST" })).rows)).toEqual(["maya.chen@list.test"]);
    expect(emails((await list({ search: "zoË" })).rows)).toEqual(["zoe@list.test"]);
    const leadsOnly = await list({ filter: "leads", search: "MAYA" });
    expect(emails(leadsOnly.rows)).toEqual(["mlopez@list.test"]);
    expect(leadsOnly).toMatchObject({ total: 1, counts: { leads: 1, clients: 1, all: 2 } });
    const none = await list({ search: "nobody-like-this" });
    expect(none).toMatchObject({ rows: [], total: 0, counts: { leads: 0, clients: 0, all: 0 } });
  });

  test("'%', '_' and '\\' in the search are literal characters, not patterns", async () => {
    const percent = await list({ search: "%" });
    expect(emails(percent.rows)).toEqual(["per%cy@list.test", "ready@list.test"]);
    expect(percent.counts).toEqual({ leads: 0, clients: 2, all: 2 });
    const underscore = await list({ search: "_" });
    expect(emails(underscore.rows)).toEqual(["sam@list.test", "under_score@list.test"]);
    expect(underscore.counts).toEqual({ leads: 2, clients: 0, all: 2 });
    expect(emails((await list({ search: "\\" })).rows)).toEqual(["backslash@list.test"]);
    expect(emails((await list({ search: "100%" })).rows)).toEqual(["ready@list.test"]);
    expect((await list({ search: "%%" })).rows).toEqual([]);
    expect((await list({ search: "r_a" })).rows).toEqual([]);
  });

  test("a coach sees the same list", async () => {
    expect(await list({ search: "maya" }, listCoach)).toEqual(await list({ search: "maya" }));
  });
});

describe(`the lesson picker's clients (${databaseLabel})`, () => {
  test("only role client, the first 20 by email, and whether more match", async () => {
    expect(CLIENTS.length).toBeGreaterThan(20);
    const picked = await pickableClients(listing(), authorize(listCoach, "lesson.create"), "");
    expect(emails(picked.clients)).toEqual(CLIENTS.slice(0, 20));
    expect(picked.more).toBe(true);
    expect(Object.keys(picked.clients[0] ?? {}).sort()).toEqual(["email", "fullName", "id"]);
    expect(BULK_CLIENTS.length).toBeGreaterThan(20);
    const bulk = await pickableClients(listing(), authorize(listCoach, "lesson.create"), "bulk CLIENT");
    expect(emails(bulk.clients)).toEqual(BULK_CLIENTS.slice(0, 20));
    expect(bulk.more).toBe(true);
    const exact = await pickableClients(
      listing(),
      authorize(listCoach, "lesson.create"),
      "bulk client",
      BULK_CLIENTS.length,
    );
    expect(emails(exact.clients)).toEqual(BULK_CLIENTS);
    expect(exact.more).toBe(false);
  });

  test("search matches name or email case-insensitively; leads and staff are never offered", async () => {
    const pick = async (search: string) => {
      const { clients, more } = await pickableClients(
        listing(),
        authorize(listAdmin, "lesson.create"),
        search,
      );
      expect(more, search).toBe(false);
      return emails(clients);
    };
    expect(await pick("MAYA")).toEqual(["maya.chen@list.test"]);
    expect(await pick("chen")).toEqual(["maya.chen@list.test"]);
    expect(await pick("LOPEZ")).toEqual([]);
    expect(await pick("lead0")).toEqual([]);
    expect(await pick("client2")).toEqual(BULK_CLIENTS.filter((e) => e.startsWith("client2")));
    expect(await pick("%")).toEqual(["per%cy@list.test", "ready@list.test"]);
  });

  test("a lead or a client may not list them", async () => {
    for (const actor of [listLead, listClient]) {
      const thrown = await modelRefusal(() =>
        pickableClients(listing(), authorize(actor, "lesson.create"), ""),
      );
      expect(thrown.init?.status).toBe(403);
    }
  });
});
