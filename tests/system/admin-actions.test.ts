import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "~/server/db.server";
import {
  activities,
  auditEvents,
  homework,
  lessons,
  profiles,
  resources,
  serviceUsage,
} from "~/server/schema";
import { localSignIn } from "../support/local-sign-in";
import { personIdOf } from "../support/people-list";
import { PERMISSION } from "../support/refusal";
import { serversForFile } from "../support/server-file";
import { freshDataDir, type RunningServer, serverErrors, startServer } from "../support/server-process";

// The admin area's mutations over HTTP against the built server: the guard, the coach refused the
// admin-only ones, bad values a 400 with the page's message; the data folder is read between runs to prove
// nothing refused changed a row. Each is sent as a document post and as its `.data` twin.

serversForFile();

type Fields = Record<string, string>;
type Who = "visitor" | "lead" | "client" | "coach" | "admin";

let dataDir: string;
let server: RunningServer;
const cookies: Record<Who, string> = { visitor: "", lead: "", client: "", coach: "", admin: "" };
const ids = { admin: "", maya: "", daniel: "", noah: "", liam: "" };

const SIGN_IN: Record<Exclude<Who, "visitor">, string> = {
  admin: "admin@example.com",
  coach: "coach@example.com",
  client: "maya.chen@example.com",
  lead: "liam.tremblay@example.com",
};

const idOf = (email: string) => personIdOf(server.url, cookies.admin, email);

function post(path: string, who: Who, fields: Fields, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookies[who] ? { cookie: cookies[who] } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(60_000),
  });
}

/** Only the shapes React Router sends for an action or a redirect. */
function decodeSingleFetch(text: string): unknown {
  const values = JSON.parse(text.split("\n")[0] ?? "null") as unknown[];
  const CONSTANTS: Record<number, unknown> = {
    [-1]: undefined,
    [-2]: Number.NaN,
    [-3]: Number.NEGATIVE_INFINITY,
    [-4]: -0,
    [-5]: null,
    [-6]: Number.POSITIVE_INFINITY,
    [-7]: undefined,
  };
  const hydrate = (index: number): unknown => {
    if (index < 0) return CONSTANTS[index];
    const value = values[index];
    if (Array.isArray(value)) {
      if (typeof value[0] === "string") {
        const [tag, ...rest] = value as [string, ...number[]];
        if (tag === "D") return new Date(rest[0] as number);
        if (tag === "SingleFetchRedirect") return hydrate(rest[0] as number);
        return { [tag]: rest.map((i) => (typeof i === "number" ? hydrate(i) : i)) };
      }
      return (value as number[]).map(hydrate);
    }
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, v]) => [hydrate(Number(key.slice(1))), hydrate(v as number)]),
      );
    }
    return value;
  };
  return hydrate(0);
}

async function decoded(response: Response): Promise<unknown> {
  expect(response.headers.get("content-type")).toMatch(/^text\/x-script/);
  return decodeSingleFetch(await response.text());
}

type Mutation = { name: string; path: () => string; fields: () => Fields };

const detail = () => `/admin/clients/${ids.maya}`;

/** A +1 or −1 on Maya's page for `kind`. */
const adjustment = (name: string, kind: string, amount: "1" | "-1"): Mutation => ({
  name,
  path: detail,
  fields: () => ({ intent: "adjust", kind, amount }),
});

// Each of these would succeed for an admin, so only the role can refuse it.
const ADMIN_ONLY: Mutation[] = [
  { name: "set-role", path: detail, fields: () => ({ intent: "set-role", role: "admin" }) },
  { name: "set-plan", path: detail, fields: () => ({ intent: "set-plan", plan: "premium" }) },
  adjustment("adjust +1 (quota)", "mock_interview", "1"),
  adjustment("adjust -1 (quota)", "mock_interview", "-1"),
  adjustment("adjust +1 (mark done)", "linkedin_review", "1"),
  adjustment("adjust -1 (undo)", "resume_review", "-1"),
  {
    name: "add-activity",
    path: detail,
    fields: () => ({ intent: "add-activity", title: "Injected", details: "x", link: "https://evil.example" }),
  },
  { name: "convert", path: () => "/admin/clients", fields: () => ({ id: ids.noah }) },
];

const asData = (path: string) => `${path}.data`;

/** The server must not be running on the folder. */
async function snapshot() {
  const database = await openDatabase({ url: undefined, dataDir });
  try {
    const { db } = database;
    return {
      profiles: await db.select().from(profiles).orderBy(asc(profiles.id)),
      usage: await db.select().from(serviceUsage).orderBy(asc(serviceUsage.id)),
      activities: await db.select().from(activities).orderBy(asc(activities.id)),
      lessons: await db.select().from(lessons).orderBy(asc(lessons.id)),
      homework: await db.select().from(homework).orderBy(asc(homework.id)),
      resources: await db.select().from(resources).orderBy(asc(resources.id)),
      audit: await db.select().from(auditEvents).orderBy(asc(auditEvents.id)),
    };
  } finally {
    await database.close();
  }
}

let untouched: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  dataDir = freshDataDir("coach-admin-actions-");
  server = await startServer({ dataDir });
  for (const [who, email] of Object.entries(SIGN_IN))
    cookies[who as Who] = await localSignIn(server.url, email);
  ids.maya = await idOf("maya.chen@example.com");
  ids.daniel = await idOf("daniel.okafor@example.com");
  ids.noah = await idOf("noah.k@example.com");
  ids.liam = await idOf("liam.tremblay@example.com");
  await server.stop();
  untouched = await snapshot();
  const admin = untouched.profiles.find((p) => p.email === "admin@example.com");
  ids.admin = admin?.id ?? "";
  server = await startServer({ dataDir });
}, 240_000);

describe("refused before anything changes", () => {
  test("a visitor is sent to /login, remembering the page (document posts: 302)", async () => {
    for (const mutation of ADMIN_ONLY) {
      const response = await post(mutation.path(), "visitor", mutation.fields());
      expect(response.status, mutation.name).toBe(302);
      expect(response.headers.get("location"), mutation.name).toBe(
        `/login?${new URLSearchParams({ redirectTo: mutation.path() })}`,
      );
      await response.arrayBuffer();
    }
  });

  test("a visitor's fetcher post gets single fetch's redirect to /login (202, status 302 inside)", async () => {
    for (const mutation of ADMIN_ONLY) {
      const response = await post(asData(mutation.path()), "visitor", mutation.fields());
      expect(response.status, mutation.name).toBe(202);
      const body = (await decoded(response)) as { redirect: string; status: number };
      expect(body, mutation.name).toMatchObject({
        status: 302,
        revalidate: false,
        reload: false,
        replace: false,
      });
      expect(body.redirect, mutation.name).toMatch(/^\/login\?redirectTo=/);
    }
  });

  test("…and /login remembers the page itself, not its .data address", async () => {
    // After sign-in the person goes to `redirectTo`: a `.data` address would show them raw turbo-stream.
    for (const mutation of ADMIN_ONLY) {
      const response = await post(asData(mutation.path()), "visitor", mutation.fields());
      const body = (await decoded(response)) as { redirect: string };
      expect(body.redirect, mutation.name).toBe(
        `/login?${new URLSearchParams({ redirectTo: mutation.path() })}`,
      );
    }
  });

  for (const who of ["lead", "client"] as const) {
    test(`a ${who} is sent to /dashboard (302; fetcher posts: 202 with the redirect inside)`, async () => {
      for (const mutation of ADMIN_ONLY) {
        const page = await post(mutation.path(), who, mutation.fields());
        expect(page.status, mutation.name).toBe(302);
        expect(page.headers.get("location"), mutation.name).toBe("/dashboard");
        await page.arrayBuffer();

        const data = await post(asData(mutation.path()), who, mutation.fields());
        expect(data.status, mutation.name).toBe(202);
        expect(await decoded(data), mutation.name).toEqual({
          redirect: "/dashboard",
          status: 302,
          revalidate: false,
          reload: false,
          replace: false,
        });
      }
    });
  }

  test("a coach reaches the actions and is refused with 403 and the permission message", async () => {
    for (const mutation of ADMIN_ONLY) {
      const page = await post(mutation.path(), "coach", mutation.fields());
      expect(page.status, mutation.name).toBe(403);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      await page.arrayBuffer();

      const data = await post(asData(mutation.path()), "coach", mutation.fields());
      expect(data.status, mutation.name).toBe(403);
      // Refused by the access middleware before the action runs.
      const answer = (await decoded(data)) as { error?: unknown };
      expect(answer.error, mutation.name).toBeDefined();
      expect(JSON.stringify(answer.error), mutation.name).toContain(PERMISSION);
    }
  });

  test("an admin's post from another site is refused before any action runs: 403", async () => {
    for (const mutation of ADMIN_ONLY) {
      for (const path of [mutation.path(), asData(mutation.path())]) {
        const response = await post(path, "admin", mutation.fields(), {
          origin: "https://evil.example",
          "sec-fetch-site": "cross-site",
        });
        expect(response.status, `${mutation.name} ${path}`).toBe(403);
        expect(await response.json()).toEqual({ error: "Cross-site requests are not allowed." });
      }
    }
  });

  test("bad values are a 400 with the message the page shows, never a 500", async () => {
    type Case = { path: () => string; fields: Fields; status: number; error: string; field?: string };
    /** The same refusal on Maya's detail page, for each of these field sets. */
    const onDetail = (status: number, error: string, field: string | undefined, ...sets: Fields[]): Case[] =>
      sets.map((fields) => ({ path: detail, fields, status, error, ...(field ? { field } : {}) }));
    const cases: Case[] = [
      ...onDetail(
        400,
        "Choose lead, client, coach or admin.",
        "role",
        { intent: "set-role", role: "superuser" },
        { intent: "set-role" },
        { intent: "set-role", role: "Admin" },
      ),
      ...onDetail(
        400,
        "Choose Basic, Pro or Premium.",
        "plan",
        { intent: "set-plan", plan: "gold" },
        { intent: "set-plan", plan: "PRO" },
        { intent: "set-plan" },
      ),
      ...onDetail(
        400,
        "Unknown service kind.",
        "kind",
        { intent: "adjust", kind: "bogus", amount: "1" },
        { intent: "adjust", amount: "1" },
      ),
      ...onDetail(
        400,
        "Adjust by +1 or -1.",
        "amount",
        { intent: "adjust", kind: "mock_interview", amount: "2" },
        { intent: "adjust", kind: "mock_interview", amount: "0" },
        { intent: "adjust", kind: "mock_interview", amount: "abc" },
        { intent: "adjust", kind: "mock_interview" },
      ),
      ...onDetail(
        400,
        "That isn't part of this client's plan.",
        undefined,
        { intent: "adjust", kind: "session_30m", amount: "1" },
        { intent: "adjust", kind: "networking_events_list", amount: "1" },
      ),
      ...onDetail(409, "Cannot decrement below zero.", undefined, {
        intent: "adjust",
        kind: "github_review",
        amount: "-1",
      }),
      ...onDetail(409, "Already marked done.", undefined, {
        intent: "adjust",
        kind: "resume_review",
        amount: "1",
      }),
      ...onDetail(
        400,
        "Activity title is required.",
        "title",
        { intent: "add-activity", title: "   ", link: "https://x.example" },
        { intent: "add-activity" },
      ),
      ...onDetail(400, "Keep the title under 200 characters.", "title", {
        intent: "add-activity",
        title: "x".repeat(201),
      }),
      ...onDetail(400, "Unknown action.", undefined, { intent: "bogus" }, {}),
      {
        path: () => "/admin/clients/not-a-uuid",
        fields: { intent: "set-plan", plan: "pro" },
        status: 400,
        error: "That person was not found.",
      },
      {
        path: () => "/admin/clients",
        fields: { id: "not-a-uuid" },
        status: 400,
        error: "That person was not found.",
      },
      { path: () => "/admin/clients", fields: {}, status: 400, error: "That person was not found." },
      {
        path: () => "/admin/clients",
        fields: { id: ids.maya },
        status: 409,
        error: "Only a lead can be converted to a client.",
      },
      {
        path: () => `/admin/clients/${ids.admin}`,
        fields: { intent: "set-role", role: "coach" },
        status: 409,
        error: "You can't change your own role.",
      },
      {
        path: () => `/admin/clients/${ids.admin}`,
        fields: { intent: "adjust", kind: "mock_interview", amount: "1" },
        status: 400,
        error: "Only leads and clients have coaching records.",
      },
    ];
    for (const c of cases) {
      const label = `${c.path()} ${JSON.stringify(c.fields)}`;
      const data = await post(asData(c.path()), "admin", c.fields);
      expect(data.status, label).toBe(c.status);
      // An intent the page knows names itself in its answer (app/server/intents.server.ts).
      const named = /^\/admin\/clients\/[0-9a-f-]{36}$/.test(c.path()) && c.fields.intent !== "bogus";
      expect(await decoded(data), label).toEqual({
        data: {
          ok: false,
          error: c.error,
          ...(c.field ? { field: c.field } : {}),
          ...(named && c.fields.intent ? { intent: c.fields.intent } : {}),
        },
      });
      const page = await post(c.path(), "admin", c.fields);
      expect(page.status, `${label} (document)`).toBe(c.status);
      await page.arrayBuffer();
    }
    expect(serverErrors(server)).toEqual([]);
  });

  test("a body that isn't a form is a 400, never a 500", async () => {
    for (const path of [detail(), asData(detail()), "/admin/clients.data"]) {
      for (const [contentType, body] of [
        ["application/json", JSON.stringify({ intent: "set-plan", plan: "pro" })],
        ["multipart/form-data; boundary=nothing-here", "garbage"],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: cookies.admin, "content-type": contentType },
          body,
        });
        await response.arrayBuffer();
        expect(response.status, `${path} as ${contentType}`).toBe(400);
      }
    }
  });

  test("after all of them, not one row changed", async () => {
    await server.stop();
    expect(await snapshot()).toEqual(untouched);
    server = await startServer({ dataDir });
  });
});

describe("as admin every mutation succeeds", () => {
  const ok = async (path: string, fields: Fields) => {
    const response = await post(asData(path), "admin", fields);
    const body = (await decoded(response)) as { data: { ok: boolean; value: unknown; error: unknown } };
    expect(response.status, `${path} ${JSON.stringify(fields)}: ${JSON.stringify(body)}`).toBe(200);
    expect(body.data).toMatchObject({ ok: true, error: null });
    return body.data.value;
  };

  test("plan, quotas, special items, activity, role and convert, each answered with its result", async () => {
    const page = await post(detail(), "admin", { intent: "set-plan", plan: "pro" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Maya Chen");

    expect(await ok(detail(), { intent: "adjust", kind: "session_30m", amount: "1" })).toEqual({
      kind: "session_30m",
      used: 1,
    });
    expect(await ok(detail(), { intent: "adjust", kind: "mock_interview", amount: "-1" })).toEqual({
      kind: "mock_interview",
      used: 0,
    });
    expect(await ok(detail(), { intent: "adjust", kind: "linkedin_review", amount: "1" })).toEqual({
      kind: "linkedin_review",
      used: 1,
    });
    expect(await ok(detail(), { intent: "adjust", kind: "resume_review", amount: "-1" })).toEqual({
      kind: "resume_review",
      used: 0,
    });
    expect(
      await ok(detail(), {
        intent: "add-activity",
        title: " Referral sent ",
        details: " ",
        link: "https://jobs.example/42",
      }),
    ).toMatchObject({
      title: "Referral sent",
      details: null,
      kind: null,
      links: [{ label: "https://jobs.example/42", url: "https://jobs.example/42" }],
    });
    expect(await ok(`/admin/clients/${ids.daniel}`, { intent: "set-role", role: "lead" })).toMatchObject({
      id: ids.daniel,
      role: "lead",
    });
    expect(await ok("/admin/clients", { id: ids.noah })).toMatchObject({ id: ids.noah, role: "client" });
    expect(serverErrors(server)).toEqual([]);
  });

  test("the data folder holds exactly those changes, each with one audit row by the admin", async () => {
    await server.stop();
    const after = await snapshot();
    const profile = (id: string) => after.profiles.find((p) => p.id === id);
    expect(profile(ids.maya)).toMatchObject({ role: "client", plan: "pro" });
    expect(profile(ids.daniel)).toMatchObject({ role: "lead" });
    expect(profile(ids.noah)).toMatchObject({ role: "client" });

    const newUsage = after.usage.filter((row) => !untouched.usage.some((old) => old.id === row.id));
    expect(
      newUsage.map(({ clientId, kind, amount, minutes, createdBy }) => ({
        clientId,
        kind,
        amount,
        minutes,
        createdBy,
      })),
    ).toEqual(
      expect.arrayContaining([
        { clientId: ids.maya, kind: "session_30m", amount: 1, minutes: 30, createdBy: ids.admin },
        { clientId: ids.maya, kind: "mock_interview", amount: -1, minutes: null, createdBy: ids.admin },
        { clientId: ids.maya, kind: "linkedin_review", amount: 1, minutes: null, createdBy: ids.admin },
        { clientId: ids.maya, kind: "resume_review", amount: -1, minutes: null, createdBy: ids.admin },
      ]),
    );
    expect(newUsage).toHaveLength(4);

    const newActivities = after.activities.filter(
      (row) => !untouched.activities.some((old) => old.id === row.id),
    );
    expect(newActivities).toHaveLength(1);
    expect(newActivities[0]).toMatchObject({
      clientId: ids.maya,
      title: "Referral sent",
      kind: null,
      createdBy: ids.admin,
    });

    const newAudit = after.audit.filter((row) => !untouched.audit.some((old) => old.id === row.id));
    expect(newAudit.map((row) => row.action).sort()).toEqual(
      [
        "activity.create",
        "lead.convert",
        "profile.set-plan",
        "profile.set-role",
        "special-item.mark-done",
        "special-item.undo",
        "usage.adjust",
        "usage.adjust",
      ].sort(),
    );
    expect(newAudit.every((row) => row.actorId === ids.admin)).toBe(true);
    expect(newAudit.find((row) => row.action === "profile.set-plan")).toMatchObject({
      targetId: ids.maya,
      before: { plan: "basic" },
      after: { plan: "pro" },
    });
    expect(newAudit.find((row) => row.action === "lead.convert")).toMatchObject({
      targetId: ids.noah,
      before: { role: "lead" },
      after: { role: "client" },
    });
    expect(after.lessons).toEqual(untouched.lessons);
    expect(after.homework).toEqual(untouched.homework);
    expect(after.resources).toEqual(untouched.resources);
    const others = after.profiles.filter((p) => ![ids.maya, ids.daniel, ids.noah].includes(p.id));
    expect(others).toEqual(
      untouched.profiles.filter((p) => ![ids.maya, ids.daniel, ids.noah].includes(p.id)),
    );
    expect(after.profiles.find((p) => p.id === ids.liam)?.role).toBe("lead");
  });
});
