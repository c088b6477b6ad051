import { randomBytes } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { allCheckoutLines, checkoutHref } from "~/domain/checkout";
import { EMAIL_KINDS } from "~/domain/email";
import { PEOPLE_FILTERS } from "~/domain/people-filter";
import { unsubscribeToken } from "~/server/mail/unsubscribe.server";
import { deliverBooking } from "../support/cal";
import { localSignIn } from "../support/local-sign-in";
import { nuCheckerErrors } from "../support/nu-checker";
import { personIdOf } from "../support/people-list";
import {
  type BuiltRoute,
  builtRoutes,
  matrixRows,
  serverBuild,
  startMatrixServer,
} from "../support/route-matrix";
import { pdf } from "../support/sample-files";
import { serversForFile } from "../support/server-file";
import type { RunningServer } from "../support/server-process";
import {
  describeOutcome,
  expectedOutcome,
  isAllowed,
  type Person,
  SPEC_ACCESS,
} from "../support/spec-access";

// Every page of the build, as every kind of person who meets it, is valid by the Nu Html Checker
// (tests/support/nu-checker.ts), all in one Java run. The pages come from the built server's route list
// (tests/support/route-matrix.ts), so a new page is checked without a line here; one with a new URL
// parameter fails until PARAMS gives it a seeded value. What each person should get comes from the spec's
// table (tests/support/spec-access.ts): a page they may see must answer 200, and a refusal (403, 404) is a
// page too. Redirects are skipped: where they lead is checked as its own page. Then each form of the matrix,
// sent empty by those it is for, answers a page with its problem shown: checked in the same run.

serversForFile();
const build = await serverBuild();
const routes = await builtRoutes(build);

const UUID = "[0-9a-f-]{36}";
const SESSION_SECRET = randomBytes(32).toString("hex");

/** Who looks, as the seed has them (app/server/seed.server.ts), and who the spec's table says they are. */
const PEOPLE: Record<string, { email: string | null; is: Person }> = {
  visitor: { email: null, is: "visitor" },
  lead: { email: "liam.tremblay@example.com", is: "lead" },
  "lead-without-name": { email: "noah.k@example.com", is: "lead" },
  "basic-client": { email: "maya.chen@example.com", is: "client" },
  "pro-client": { email: "daniel.okafor@example.com", is: "client" },
  "premium-client": { email: "sofia.alvarez@example.com", is: "client" },
  // A lead who bought Single Session in beforeAll, a client since: the thank-you page with its order.
  buyer: { email: `html-buyer-${Date.now()}@example.com`, is: "client" },
  coach: { email: "coach@example.com", is: "coach" },
  admin: { email: "admin@example.com", is: "admin" },
};
type Who = keyof typeof PEOPLE;

let server: RunningServer;
const cookies: Record<Who, string> = {};
const selfIds: Record<Who, string> = {};
/** Each seeded person's id, for the admin's pages of one person. */
let personIds: string[] = [];
let lessonIds: string[] = [];
/** Each client's own application (docs/decisions/0053-job-search.md); others are shown the basic client's. */
const applicationIds: Record<Who, string> = {};
const orders: Record<Who, string> = {};
let paidSession = "";

async function fetchAs(who: Who, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    ...init,
    headers: { origin: server.url, ...(cookies[who] ? { cookie: cookies[who] } : {}), ...init.headers },
    signal: AbortSignal.timeout(60_000),
  });
}

/** A form as the page posts it (multipart with a small PDF when it names `file`); where it leads. */
async function postAs(who: Who, path: string, fields: Record<string, string>): Promise<string> {
  const { file, ...rest } = fields;
  let body: URLSearchParams | FormData = new URLSearchParams(rest);
  if (file) {
    body = new FormData();
    for (const [name, value] of Object.entries(rest)) body.append(name, value);
    body.append("file", new Blob([new Uint8Array(pdf(100))], { type: "application/pdf" }), file);
  }
  const headers: Record<string, string> = file ? {} : { "content-type": "application/x-www-form-urlencoded" };
  const response = await fetchAs(who, path, { method: "POST", headers, body });
  const text = await response.text();
  expect(response.status, `POST ${path} as ${who}: ${text.slice(0, 300)}`).toBeLessThan(400);
  return response.headers.get("location") ?? "";
}

/** A Cal.com booking, as its webhook delivers it: an upcoming session for the person with that email. */
async function booked(email: string): Promise<void> {
  const response = await deliverBooking(server.url, { email });
  expect(response.status, await response.text()).toBe(200);
}

/** Every value a page's URL parameter takes, for the person looking. */
const PARAMS: Record<string, (who: Who) => string[]> = {
  id: () => personIds,
  lessonId: () => lessonIds,
  applicationId: (who) => [applicationIds[who] ?? applicationIds["basic-client"] ?? ""],
  // Every kind for staff, who see each render its own sample (app/server/mail/templates/); the others are
  // refused the same way whichever kind they ask for.
  kind: (who) =>
    PEOPLE[who]?.is === "admin" || PEOPLE[who]?.is === "coach" ? [...EMAIL_KINDS, "digest"] : ["digest"],
  token: (who) => [
    unsubscribeToken(
      { profileId: selfIds[who] || (personIds[0] ?? ""), scope: "lesson-posted" },
      SESSION_SECRET,
    ),
  ],
  "*": () => ["no-such-page"],
};

/** The states of a page its query chooses, by route id; each route is also checked without one. */
const QUERIES: Record<string, (who: Who) => string[]> = {
  "routes/admin/clients": () => [...PEOPLE_FILTERS.map((filter) => `?filter=${filter}`), "?q=no-such-person"],
  "routes/admin/emails": () => ["?status=unsent"],
  "routes/portal/applications": () => ["?view=list", "?view=list&stage=onsite&sort=company", "?stage=offer"],
  "routes/admin/lesson-new": () => [`?client=${selfIds["basic-client"]}`],
  // Every offer, currency and way to pay for one buyer; the others see one.
  "routes/checkout/index": (who) =>
    allCheckoutLines()
      .slice(0, who === "lead" ? undefined : 1)
      .map((line) => checkoutHref(line.offer, line.currency, line.option).replace("/checkout", "")),
  "routes/checkout/local": (who) => (orders[who] ? [`?order=${orders[who]}`] : []),
  "routes/checkout/success": (who) =>
    who === "buyer" ? [`?${new URLSearchParams({ session_id: paidSession })}`] : [],
};

function urlsOf(route: BuiltRoute, who: Who): string[] {
  let paths = [route.path];
  for (const [marker, name = "*"] of route.path.matchAll(/:(\w+)|\*/g)) {
    const values = PARAMS[name];
    if (!values) throw new Error(`${route.path}: give ${marker} seeded values in PARAMS`);
    paths = paths.flatMap((path) => values(who).map((value) => path.replace(marker, value)));
  }
  const queries = ["", ...(QUERIES[route.id]?.(who) ?? [])];
  return paths.flatMap((path) => queries.map((query) => `${path}${query}`));
}

/** Routes that render a page (a component), not a file, a feed or an API answer, nor an email's own
 * document (app/routes/admin/email-html.ts: written for mail programs). */
const PAGE_ROUTES = [...routes.values()].filter(
  (route) =>
    !route.pathless &&
    typeof (build.routes[route.id]?.module as { default?: unknown } | undefined)?.default === "function",
);

beforeAll(async () => {
  server = await startMatrixServer("coach-html-roles-", SESSION_SECRET);
  for (const [who, { email }] of Object.entries(PEOPLE)) {
    if (!email) continue;
    cookies[who] = await localSignIn(server.url, email, { headers: { origin: server.url } });
    const session = await (await fetchAs(who, "/auth/session")).json();
    selfIds[who] = (session as { viewer: { id: string } }).viewer.id;
  }
  const seeded = Object.values(PEOPLE).flatMap(({ email }) =>
    email && !email.startsWith("html-") ? [email] : [],
  );
  personIds = await Promise.all(
    seeded
      .filter((email) => !["admin@example.com", "coach@example.com"].includes(email))
      .map((email) => personIdOf(server.url, cookies.admin ?? "", email)),
  );
  // One lesson of each client.
  lessonIds = [];
  for (const id of personIds) {
    const html = await (await fetchAs("admin", `/admin/clients/${id}`)).text();
    const lesson = new RegExp(`href="/admin/lessons/(${UUID})"`).exec(html)?.[1];
    if (lesson) lessonIds.push(lesson);
  }
  expect(lessonIds.length, "a seeded lesson of each client").toBe(3);
  // An open order for each buyer; the new buyer pays theirs.
  for (const who of ["lead", "lead-without-name", "basic-client", "pro-client", "premium-client", "buyer"]) {
    const to = await postAs(who, "/checkout", { offer: "single", currency: "USD", option: "upfront" });
    orders[who] = new URL(to, server.url).searchParams.get("order") ?? "";
    expect(orders[who], `an order for ${who} (${to})`).toMatch(new RegExp(`^${UUID}$`));
  }
  const paid = await postAs("buyer", "/checkout/local", { order: orders.buyer ?? "" });
  paidSession = new URL(paid, server.url).searchParams.get("session_id") ?? "";
  expect(paidSession, `a paid session (${paid})`).not.toBe("");
  personIds.push(selfIds.buyer ?? "");
  // What the seed lacks: files both ways, a sponsor code, an email, a booked session and one to resolve.
  const basic = selfIds["basic-client"] ?? "";
  await postAs("basic-client", "/files", { kind: "resume", file: "My resume.pdf" });
  await postAs("admin", `/admin/clients/${basic}/files`, { kind: "other", file: "Marked up.pdf" });
  await postAs("admin", "/admin/codes", {
    intent: "create-code",
    code: "HTML-CHECK",
    percent: "25",
    note: "Check",
  });
  await postAs("admin", `/admin/clients/${basic}`, {
    intent: "assign-homework",
    title: "Write your pitch",
    dueDate: "2030-01-15",
  });
  // An application of each client's, moved once, with every field filled.
  for (const who of ["basic-client", "pro-client", "premium-client", "buyer"]) {
    const company = `Acme for ${who}`;
    await postAs(who, "/applications", {
      intent: "add",
      company,
      role: "Backend engineer",
      url: "https://jobs.example.com/1",
      level: "Senior",
      location: "Toronto",
      remote: "on",
      source: "referral",
      stage: "applied",
      notes: "Referred by Sam.",
    });
    const board = await (await fetchAs(who, "/applications")).text();
    const id = new RegExp(`href="/applications/(${UUID})"[^>]*>${company}<`).exec(board)?.[1] ?? "";
    expect(id, `an application of ${who}`).toMatch(new RegExp(`^${UUID}$`));
    applicationIds[who] = id;
    await postAs(who, `/applications/${id}`, { intent: "move", stage: "onsite" });
  }
  await booked("maya.chen@example.com");
  await booked("someone@elsewhere.example");
  // The pages show them, so the check below reads them.
  for (const [who, path, text] of [
    ["basic-client", "/files", "My resume.pdf"],
    ["basic-client", "/files", "Marked up.pdf"],
    ["admin", "/admin/codes", "HTML-CHECK"],
    ["admin", "/admin", "someone@elsewhere.example"],
    ["coach", "/admin/emails", "Write your pitch"],
  ] as const) {
    expect(await (await fetchAs(who, path)).text(), `${who} ${path}`).toContain(text);
  }
});

type Served = { seen: string; html: string };

/** Each page as `who` is served it: what was asked and answered, and the HTML. */
async function pagesSeenBy(who: Who): Promise<Served[]> {
  const is = PEOPLE[who]?.is ?? "visitor";
  const served: Served[] = [];
  for (const route of PAGE_ROUTES) {
    const expectation = SPEC_ACCESS[`${route.id} GET`];
    const expected = expectation ? expectedOutcome(expectation, is) : null;
    for (const url of urlsOf(route, who)) {
      const response = await fetchAs(who, url);
      const html = await response.text();
      const seen = `${who} GET ${url}: ${response.status}`;
      // The spec's answer: 200 where they may look, a redirect where they are sent, else a refusal.
      if (expected?.kind === "ok") expect(response.status, seen).toBe(200);
      else if (expected?.kind === "refused") expect(response.status, seen).toBe(expected.status);
      else if (expected) expect(response.status, `${seen}, expected ${describeOutcome(expected)}`).toBe(302);
      if (response.status >= 300 && response.status < 400) continue;
      expect(response.headers.get("content-type"), seen).toMatch(/^text\/html/);
      served.push({ seen, html });
    }
  }
  return served;
}

// Signing out everywhere would end the sessions the pages are asked with; its page is checked as a GET.
const ENDS_SESSIONS = ["routes/auth/logout"];

/** The page each form of the matrix answers when sent empty (a refusal with its message), by each it is for. */
async function emptyFormAnswers(): Promise<Served[]> {
  const pageIds = new Set(PAGE_ROUTES.map((route) => route.id));
  const forms = matrixRows(routes).filter(
    (row) => row.method === "POST" && pageIds.has(row.routeId) && !ENDS_SESSIONS.includes(row.routeId),
  );
  expect(forms.length).toBeGreaterThan(20);
  const served: Served[] = [];
  for (const row of forms) {
    const route = routes.get(row.routeId) as BuiltRoute;
    for (const who of ["visitor", "lead", "basic-client", "coach", "admin"]) {
      if (!row.expected || !isAllowed(expectedOutcome(row.expected, PEOPLE[who]?.is ?? "visitor"))) continue;
      const [url] = urlsOf(route, who);
      if (!url) continue;
      const path = route.index ? `${url}?index` : url;
      const response = await fetchAs(who, path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(row.intent ? { intent: row.intent } : {}),
      });
      const html = await response.text();
      const seen = `${who} POST ${path}${row.intent ? ` intent=${row.intent}` : ""}: ${response.status}`;
      // An empty form is refused with a message, never a crash.
      expect(response.status, `${seen} ${html.slice(0, 300)}`).toBeLessThan(500);
      if (/^text\/html/.test(response.headers.get("content-type") ?? "")) served.push({ seen, html });
    }
  }
  return served;
}

test("every page, and what every form answers sent empty, as each kind of person, has no Nu Html Checker error", async () => {
  expect(PAGE_ROUTES.length).toBeGreaterThan(30);
  // Each person's pages one after another, the people side by side; the forms after, as they change things.
  const served = (await Promise.all(Object.keys(PEOPLE).map(pagesSeenBy))).flat();
  served.push(...(await emptyFormAnswers()));
  const pages = Object.fromEntries(
    served.map(({ seen, html }, n) => [
      `${n + 1}-${seen}`.replace(/[^a-zA-Z0-9]+/g, "-").slice(0, 100),
      html,
    ]),
  );
  console.info(`Nu Html Checker: ${served.length} documents\n${served.map((page) => page.seen).join("\n")}`);
  // One Java start for all of them (tests/support/nu-checker.ts).
  expect(await nuCheckerErrors(pages)).toEqual([]);
}, 600_000);
