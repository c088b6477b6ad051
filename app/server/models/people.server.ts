import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { PeopleFilter } from "~/domain/people-filter";
import type { Plan, Role } from "~/domain/plans";
import { type JsonText, jsonText } from "~/lib/json-text";
import { forgetPerson } from "../auth/session-cache.server";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { notifyWelcome } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { homework, profiles } from "../schema";
import { audit, type Tx } from "./audit.server";

// Leads and clients as the coach manages them (SPEC §2 Leads & Clients, Client detail).

export const PEOPLE_PAGE_SIZE = 50;

const rolesFor: Record<PeopleFilter, Role[]> = {
  leads: ["lead"],
  clients: ["client"],
  all: ["lead", "client"],
};

const personColumns = {
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  role: profiles.role,
  plan: profiles.plan,
};

export type Person = { id: string; email: string; fullName: string | null; role: Role; plan: Plan | null };

/** `%`-safe ILIKE pattern for a search box. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(search: string) {
  const pattern = containing(search);
  return or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern));
}

// The Leads & Clients page in one round trip, as a named prepared statement: one page of the filter's
// people by email (aggregated to JSON) and the two counts the filter buttons show, all under the same
// search. Each simple query costs the server ~0.4 ms of CPU, more than the database's work (decision 0031).
function preparePeoplePage(db: Db) {
  const pattern = sql.placeholder("pattern");
  const matches = sql`(${pattern}::text IS NULL OR x.email ILIKE ${pattern} OR x.full_name ILIKE ${pattern})`;
  // The rows as JSON text, which goes to the browser as it is (app/lib/json-text.ts).
  const rows = sql<JsonText<Person[]>>`(
    SELECT coalesce(json_agg(p ORDER BY p.email), '[]'::json)::text FROM (
      SELECT x.id, x.email, x.full_name AS "fullName", x.role, x.plan FROM profiles x
      WHERE x.role = ANY(string_to_array(${sql.placeholder("roles")}, ',')::role[]) AND ${matches}
      ORDER BY x.email LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")}
    ) p)`;
  const tally = (role: Role) =>
    sql<number>`(SELECT count(*)::int FROM profiles x WHERE x.role = ${sql.raw(`'${role}'`)} AND ${matches})`;
  return db
    .select({
      rows: rows.as("rows"),
      leads: tally("lead").as("leads"),
      clients: tally("client").as("clients"),
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare("people_page");
}
const peopleStatement = preparedPer(preparePeoplePage);

/** One page of leads and/or clients, by email, with the counts for the three filter buttons. */
export async function listPeople(
  db: Db,
  _permit: Permit<"profiles.list">,
  { filter = "all", search = "", page = 1 }: { filter?: PeopleFilter; search?: string; page?: number },
) {
  const text = search.trim().slice(0, 100);
  const offset = (Math.max(1, page) - 1) * PEOPLE_PAGE_SIZE;
  const [found] = await peopleStatement(db).execute({
    pattern: text ? containing(text) : null,
    roles: rolesFor[filter].join(","),
    limit: PEOPLE_PAGE_SIZE,
    offset,
  });
  const leads = found?.leads ?? 0;
  const clients = found?.clients ?? 0;
  const counts = { leads, clients, all: leads + clients };
  return {
    rows: found?.rows ?? jsonText<Person[]>([]),
    counts,
    total: counts[filter],
    page: Math.max(1, page),
    pageSize: PEOPLE_PAGE_SIZE,
  };
}

/** Clients for the add-lesson picker: email or name contains the search; the first 20 by email. */
/**
 * The lesson picker's clients: the first `limit` by email matching the search, and whether more
 * match (the picker then asks for more letters rather than listing thousands).
 */
export async function pickableClients(
  db: Db,
  _permit: Permit<"lesson.create" | "lesson.edit">,
  search: string,
  limit = 20,
) {
  const text = search.trim().slice(0, 100);
  const rows = await db
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(and(eq(profiles.role, "client"), text ? searchCondition(text) : undefined))
    .orderBy(asc(profiles.email))
    .limit(limit + 1);
  return { clients: rows.slice(0, limit), more: rows.length > limit };
}

const personStatement = preparedPer((db) =>
  db
    .select(personColumns)
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("id")))
    .limit(1)
    .prepare("person_by_id"),
);

export async function getPerson(db: Db, _permit: Permit<"client.read">, id: string): Promise<Person> {
  const [row] = await personStatement(db).execute({ id });
  if (!row) refuse("No one with that id.", 404);
  return row as Person;
}

/** Figures for the admin home. */
export async function adminFigures(db: Db, _permit: Permit<"admin.enter">) {
  const [[people], [awaiting]] = await Promise.all([
    db
      .select({
        leads: sql<number>`count(*) filter (where ${profiles.role} = 'lead')::int`,
        clients: sql<number>`count(*) filter (where ${profiles.role} = 'client')::int`,
      })
      .from(profiles),
    db.select({ n: count() }).from(homework).where(eq(homework.status, "submitted")),
  ]);
  return { leads: people?.leads ?? 0, clients: people?.clients ?? 0, awaitingReview: awaiting?.n ?? 0 };
}

type ProfileChange = { role?: Role; plan?: Plan };

/**
 * A role or plan change with its audit row and live update, inside a transaction the caller owns: the
 * admin's edits run it in their own, a paid order's fulfilment in the payment's (one path to these
 * rows). `change` may depend on the current row; null or {} changes nothing. Call `forgetPerson(id)`
 * once the caller's transaction has committed.
 */
export async function changeProfileIn(
  tx: Tx,
  permit: Permit<"lead.convert" | "profile.set-role" | "profile.set-plan" | "checkout.start">,
  id: string,
  action: string,
  change: ProfileChange | ((current: Person) => ProfileChange | null),
  precondition?: (current: Person) => string | null,
): Promise<Person> {
  const [current] = await tx.select(personColumns).from(profiles).where(eq(profiles.id, id)).for("update");
  if (!current) refuse("No one with that id.", 404);
  const refusal = precondition?.(current as Person);
  if (refusal) refuse(refusal, 409);
  const wanted = typeof change === "function" ? change(current as Person) : change;
  if (!wanted || Object.keys(wanted).length === 0) return current as Person;
  const [updated] = await tx.update(profiles).set(wanted).where(eq(profiles.id, id)).returning(personColumns);
  const before = Object.fromEntries(Object.keys(wanted).map((k) => [k, current[k as keyof typeof current]]));
  await audit(tx, permit, { action, targetId: id, entity: "profile", entityId: id, before, after: wanted });
  // A lead who becomes a client (the admin's convert, a role change, a paid order) is welcomed once.
  if (current.role !== "client" && wanted.role === "client") await notifyWelcome(tx, id);
  await publishChange(tx, { kind: "profile", clientId: id, userId: id });
  return updated as Person;
}

async function changeProfile(
  db: Db,
  permit: Permit<"lead.convert" | "profile.set-role" | "profile.set-plan">,
  id: string,
  action: string,
  change: ProfileChange,
  precondition?: (current: Person) => string | null,
): Promise<Person> {
  const updated = await db.transaction((tx) => changeProfileIn(tx, permit, id, action, change, precondition));
  // Committed: this process's session cache reads the new role and plan from now on (others hear
  // the NOTIFY above).
  forgetPerson(id);
  return updated;
}

/** SPEC §4: the list's convert button moves a lead to client. */
export function convertLead(db: Db, permit: Permit<"lead.convert">, id: string) {
  return changeProfile(db, permit, id, "lead.convert", { role: "client" }, (current) =>
    current.role === "lead" ? null : "Only a lead can be converted to a client.",
  );
}

export function setRole(db: Db, permit: Permit<"profile.set-role">, id: string, role: Role) {
  const { actor } = permit;
  return changeProfile(db, permit, id, "profile.set-role", { role }, () =>
    // An admin demoting themselves would lock themselves out of this very page.
    id === actor.id && role !== "admin" ? "You can't change your own role." : null,
  );
}

export function setPlan(db: Db, permit: Permit<"profile.set-plan">, id: string, plan: Plan) {
  return changeProfile(db, permit, id, "profile.set-plan", { plan });
}
