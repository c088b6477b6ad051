import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { AuditAction, SystemSource } from "~/domain/audit-actions";
import type { PeopleFilter } from "~/domain/people-filter";
import type { Plan, Role } from "~/domain/plans";
import { type JsonText, jsonText } from "~/lib/json-text";
import { forgetPerson } from "../auth/session-cache.server";
import type { Db, DbOrTx } from "../db.server";
import { notifyWelcome } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { homework, profiles } from "../schema";
import { recordChange } from "./audit.server";
import { requestIntake } from "./onboarding.server";

// Leads and clients as the coach manages them (docs/product/screens.md, Leads & Clients list, Client detail).

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

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(search: string) {
  const pattern = containing(search);
  return or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern));
}

// One round trip, as a named prepared statement: a page of people plus the filter buttons' counts
// (docs/decisions/0031-people-benchmark.md).
function preparePeoplePage(db: Db) {
  const pattern = sql.placeholder("pattern");
  const matches = sql`(${pattern}::text IS NULL OR x.email ILIKE ${pattern} OR x.full_name ILIKE ${pattern})`;
  // JSON text goes to the browser as it is (app/lib/json-text.ts).
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

/** Whether more match: the picker then asks for more letters rather than listing thousands. */
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
 * Inside the caller's transaction (the admin's edit, or a paid order's fulfilment): one path to these
 * rows. Call `forgetPerson(id)` once that transaction has committed.
 */
export async function changeProfileIn(
  tx: DbOrTx,
  by: Permit<"lead.convert" | "profile.set-role" | "profile.set-plan"> | SystemSource,
  id: string,
  action: AuditAction,
  change: ProfileChange | ((current: Person) => ProfileChange | null),
  precondition?: (current: Person) => string | null,
): Promise<Person> {
  const [current] = await tx.select(personColumns).from(profiles).where(eq(profiles.id, id)).for("update");
  if (!current) refuse("No one with that id.", 404);
  const refusal = precondition?.(current as Person);
  if (refusal) refuse(refusal, 409);
  const wanted = typeof change === "function" ? change(current as Person) : change;
  if (!wanted || Object.keys(wanted).length === 0) return current as Person;
  // A new plan's sessions count from now: they expire from this date (docs/decisions/0055-no-shows-and-expiry.md).
  const started = wanted.plan && wanted.plan !== current.plan ? { planStartedAt: new Date() } : {};
  const [updated] = await tx
    .update(profiles)
    .set({ ...wanted, ...started })
    .where(eq(profiles.id, id))
    .returning(personColumns);
  const before = Object.fromEntries(Object.keys(wanted).map((k) => [k, current[k as keyof typeof current]]));
  // Welcomed and asked for the intake questionnaire once, whichever way someone becomes a client.
  if (current.role !== "client" && wanted.role === "client") {
    await notifyWelcome(tx, id);
    await requestIntake(tx, id, typeof by === "string" || by.actor.id === id ? null : by.actor.id);
  }
  await recordChange(
    tx,
    by,
    { action, targetId: id, entity: "profile", entityId: id, before, after: wanted },
    { kind: "profile", clientId: id, userId: id },
  );
  return updated as Person;
}

async function changeProfile(
  db: Db,
  permit: Permit<"lead.convert" | "profile.set-role" | "profile.set-plan">,
  id: string,
  action: AuditAction,
  change: ProfileChange,
  precondition?: (current: Person) => string | null,
): Promise<Person> {
  const updated = await db.transaction((tx) => changeProfileIn(tx, permit, id, action, change, precondition));
  // Other processes hear the NOTIFY above.
  forgetPerson(id);
  return updated;
}

/** docs/product/states.md: the list's convert button moves a lead to client. */
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
