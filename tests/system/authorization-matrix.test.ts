// Over 600 lines on purpose: every route, intent and person of the authorization matrix, read as one table.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { bookingToken } from "~/server/bookings/booking-token.server";
import { unsubscribeToken } from "~/server/mail/unsubscribe.server";
import { deliverBooking } from "../support/cal";
import { INTAKE_ANSWERS } from "../support/intake-rows";
import { localSignIn } from "../support/local-sign-in";
import { type Cell, type Fields, jobSearchRequests, type RequestFor } from "../support/matrix-job-search";
import { PERMISSION } from "../support/refusal";
import {
  type BuiltRoute,
  builtRoutes,
  completenessProblems,
  type MatrixRow,
  matrixRows,
  rowKey,
  serverBuild,
  startMatrixServer,
} from "../support/route-matrix";
import { pdf } from "../support/sample-files";
import { serversForFile } from "../support/server-file";
import { type RunningServer, serverErrors } from "../support/server-process";
import {
  describeOutcome,
  expectedOutcome,
  isAllowed,
  type Outcome,
  PERSONS,
  type Person,
} from "../support/spec-access";
import { escapeRegExp } from "../support/text";

// Every route's GET and every intent as each kind of person, as a document and as its `.data` twin,
// against the built server. Expectations come from tests/support/spec-access.ts and spec-roles.ts, never
// from POLICY or `access`. Each mutation is valid, and what it would change is read back before and after:
// it must differ when allowed and stay identical when refused (docs/SECURITY.md, "Authorization matrix").

serversForFile();
const build = await serverBuild();
const routes = await builtRoutes(build);
const ROWS = matrixRows(routes);

const DEMO_BANNER = "This is a read-only demo";
const UUID = "[0-9a-f-]{36}";

type SignedIn = Exclude<Person, "visitor">;

const SIGN_IN: Record<SignedIn, string> = {
  lead: "liam.tremblay@example.com",
  client: "maya.chen@example.com",
  "another-client": "daniel.okafor@example.com",
  coach: "coach@example.com",
  admin: "admin@example.com",
};

let server: RunningServer;
const cookies: Record<Person, string> = {
  visitor: "",
  lead: "",
  client: "",
  "another-client": "",
  coach: "",
  admin: "",
};
const ids: Record<Person, string> = { ...cookies };
let lessonId = "";
let emailId = "";
let fileId = "";
let applicationId = "";
const SESSION_SECRET = randomBytes(32).toString("hex");
const unsubscribe = (profileId: string) =>
  unsubscribeToken({ profileId, scope: "lesson-posted" }, SESSION_SECRET);

/** The field an upload form sends its file in (app/server/entries/file-routes.server.ts FILE_FIELD). */
const FILE = "file";

function send(method: "GET" | "POST", path: string, cookie: string, fields?: Fields): Promise<Response> {
  // An upload form is multipart, its file a small PDF named by the field's value.
  const upload = fields && FILE in fields;
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      origin: server.url,
      ...(cookie ? { cookie } : {}),
      ...(fields && !upload ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: upload ? multipart(fields) : fields ? new URLSearchParams(fields) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
}

function multipart(fields: Fields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (name !== FILE) form.append(name, value);
  // The job search's import takes a CSV (docs/decisions/0053-job-search.md): a one-row one, previewed only.
  const csv = fields[FILE]?.endsWith(".csv");
  const bytes = csv ? Buffer.from("Company,Role\nMatrix,Engineer\n") : pdf(100);
  form.append(
    FILE,
    new Blob([new Uint8Array(bytes)], { type: csv ? "text/csv" : "application/pdf" }),
    fields[FILE],
  );
  return form;
}

/** A file of the client's, uploaded by them; its id. */
async function clientFile(name: string): Promise<string> {
  await prepared("/files", { kind: "resume", [FILE]: name }, cookies.client);
  return clientFileId();
}

/** The id of the client's newest file (their list is newest first). */
async function clientFileId(): Promise<string> {
  return firstMatch(await page("/files", cookies.client), new RegExp(`href="/files/(${UUID})"`));
}

/** The client's files as the client reads them. */
const clientFiles = () => readBackAs("/files", cookies.client);

const signIn = (email: string) => localSignIn(server.url, email, { headers: { origin: server.url } });

async function whoIs(cookie: string): Promise<{ id: string; email: string } | null> {
  const response = await send("GET", "/auth/session", cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { viewer: { id: string; email: string } | null }).viewer;
}

async function page(path: string, cookie: string): Promise<string> {
  const response = await send("GET", path, cookie);
  const html = await response.text();
  expect(response.status, `GET ${path}`).toBe(200);
  return html;
}

async function prepared(path: string, fields: Fields, cookie = cookies.admin): Promise<void> {
  const response = await send("POST", path, cookie, fields);
  await response.arrayBuffer();
  expect(response.status, `setup POST ${path} ${JSON.stringify(fields)}`).toBeLessThan(400);
}

function firstMatch(text: string, pattern: RegExp): string {
  const found = text.match(pattern)?.[1];
  expect(found, `${pattern} in the page`).toBeTruthy();
  return found as string;
}

async function readBack(path: string): Promise<string> {
  const response = await send("GET", `${path}.data`, cookies.admin);
  return `${response.status} ${await response.text()}`;
}
const personRecord = (id: string) => () => readBack(`/admin/clients/${id}`);
async function readBackAs(path: string, cookie: string): Promise<string> {
  const response = await send("GET", `${path}.data`, cookie);
  return `${response.status} ${await response.text()}`;
}

/** No SMTP here: the worker marks it "not sent". */
async function unsentEmailTo(email: string): Promise<string> {
  const pattern = new RegExp(
    `To (?:<!-- -->)?${escapeRegExp(email)}[\\s\\S]*?Not sent[\\s\\S]*?/admin/emails/(${UUID})/html`,
  );
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = pattern.exec(await page("/admin/emails?status=unsent", cookies.admin))?.[1];
        return found;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return found as string;
}

let made = 0;
async function freshPerson(role: "lead" | "client") {
  const email = `matrix-${++made}@example.com`;
  const cookie = await signIn(email);
  const viewer = await whoIs(cookie);
  expect(viewer?.email).toBe(email);
  const id = viewer?.id as string;
  if (role === "client") await prepared("/admin/clients", { id });
  return { email, id, cookie };
}

async function assignHomework(clientId: string, clientCookie: string, title: string): Promise<string> {
  await prepared(`/admin/clients/${clientId}`, { intent: "assign-homework", title, dueDate: "2030-01-15" });
  const html = await page("/homework", clientCookie);
  return firstMatch(html, new RegExp(`id="hw-(${UUID})"[^>]*>${escapeRegExp(title)}<`));
}

const jobSearch = jobSearchRequests({
  prepared,
  page,
  readBackAs,
  firstMatch,
  cookies,
  next: () => ++made,
});
const clientApplication = jobSearch.clientApplication;

/** `hours` from now: a past session for a no-show. */
async function booked(email: string, owner?: string, hours = 72): Promise<string> {
  const token = owner ? bookingToken(owner, SESSION_SECRET) : undefined;
  const response = await deliverBooking(server.url, { email, token, hours });
  const answer = (await response.json()) as { bookingId?: string };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer.bookingId as string;
}

const lessonFields = (clientId: string, title: string): Fields => ({
  clientId,
  title,
  notes: "Matrix notes",
  occurredAt: new Date().toISOString(),
  clientClock: "1",
});

/** A fresh client's session two hours past, marked missed first for the undo (0055-no-shows-and-expiry.md). */
async function pastSession(intent: "mark-no-show" | "undo-no-show"): Promise<Cell> {
  const client = await freshPerson("client");
  await readyToBook(client);
  const bookingId = await booked(client.email, client.id, -2);
  if (intent === "undo-no-show")
    await prepared(`/admin/clients/${client.id}`, { intent: "mark-no-show", bookingId });
  return { params: { id: client.id }, fields: { intent, bookingId }, observe: personRecord(client.id) };
}

const signOut: RequestFor = (person) =>
  person === "visitor"
    ? { fields: {} }
    : {
        fields: {},
        observe: async () => JSON.stringify(await whoIs(cookies[person])),
        after: async () => {
          cookies[person] = await signIn(SIGN_IN[person]);
        },
      };

const onNewLead =
  (fields: Fields): RequestFor =>
  async () => {
    const lead = await freshPerson("lead");
    return { params: { id: lead.id }, fields, observe: personRecord(lead.id) };
  };

const rewardChoices = new Map<Person, string>();

/** The client's open intake request, asked for again by the admin when they have sent the last one. */
async function openIntake(clientId: string, cookie: string): Promise<string> {
  const pattern = new RegExp(`name="responseId" value="(${UUID})"`);
  const found = pattern.exec(await page("/intake", cookie))?.[1];
  if (found) return found;
  await prepared(`/admin/clients/${clientId}`, { intent: "ask-intake" });
  return firstMatch(await page("/intake", cookie), pattern);
}

/**
 * A new client whose portal link books for them: their intake answered and a due agreement accepted, as
 * the webhook holds back the rest (docs/decisions/0047-coaching-agreement.md).
 */
async function readyToBook(client: { id: string; cookie: string }) {
  const responseId = await openIntake(client.id, client.cookie);
  await prepared("/intake", { intent: "submit", responseId, ...INTAKE_ANSWERS }, client.cookie);
  const due = /name="version" value="(\d+)"/.exec(await page("/agreement", client.cookie))?.[1];
  if (due) {
    const fields = { intent: "accept", version: due, fullName: "Matrix Client", accept: "on" };
    await prepared("/agreement", fields, client.cookie);
  }
}

const REQUESTS: Record<string, RequestFor> = {
  "routes/auth/login POST local": (person) => ({
    fields: { intent: "local", email: `matrix-login-${person}@example.com`, redirectTo: "/dashboard" },
  }),
  "routes/auth/login POST google": () => ({ fields: { intent: "google" } }),
  "routes/auth/logout POST": signOut,
  "routes/auth/sign-out POST": signOut,
  "routes/account/index POST request-deletion": (person) => ({
    fields: { intent: "request-deletion", note: `Matrix: please delete (${person})` },
    observe: person === "visitor" ? undefined : personRecord(ids[person]),
  }),
  "routes/account/index POST email-preferences": (person) => ({
    fields: {
      intent: "email-preferences",
      "delivery-lesson-posted": "digest",
      digestHour: String(++made % 24),
      timeZone: "Europe/Paris",
    },
    observe: person === "visitor" ? undefined : () => readBackAs("/account", cookies[person]),
  }),
  "routes/email/unsubscribe POST": async () => {
    const client = await freshPerson("client");
    return {
      params: { token: unsubscribe(client.id) },
      fields: { "List-Unsubscribe": "One-Click" },
      observe: () => readBackAs("/account", client.cookie),
    };
  },
  "routes/admin/emails POST": async () => {
    const client = await freshPerson("client");
    await prepared(`/admin/clients/${client.id}`, {
      intent: "assign-homework",
      title: "Matrix email",
      dueDate: "2030-01-15",
    });
    return { fields: { id: await unsentEmailTo(client.email) }, observe: personRecord(client.id) };
  },
  "routes/portal/homework POST": async (person) => ({
    // Another client handing it in is acting on someone else's row.
    fields: {
      homeworkId: await assignHomework(ids.client, cookies.client, `Matrix homework (${person})`),
      url: "https://example.com/matrix",
      note: `Handed in by ${person}`,
    },
    observe: personRecord(ids.client),
  }),
  "routes/admin/clients POST": async () => {
    const lead = await freshPerson("lead");
    return { fields: { id: lead.id }, observe: personRecord(lead.id) };
  },
  "routes/admin/client POST set-role": onNewLead({ intent: "set-role", role: "client" }),
  "routes/admin/client POST set-plan": onNewLead({ intent: "set-plan", plan: "pro" }),
  "routes/admin/client POST adjust": onNewLead({ intent: "adjust", kind: "mock_interview", amount: "1" }),
  "routes/admin/client POST add-activity": onNewLead({
    intent: "add-activity",
    title: "Matrix activity",
    link: "https://example.com/matrix",
  }),
  // docs/decisions/0053-job-search.md, "Staff notes": on an application of the matrix's client.
  "routes/admin/client POST add-job-note": async () => ({
    params: { id: ids.client },
    fields: {
      intent: "add-job-note",
      applicationId: await clientApplication(`Matrix note ${++made}`),
      body: "Matrix note",
      shared: "on",
    },
    observe: personRecord(ids.client),
  }),
  "routes/admin/client POST delete-job-note": async () => {
    const applicationId = await clientApplication(`Matrix note to delete ${++made}`);
    await prepared(`/admin/clients/${ids.client}`, {
      intent: "add-job-note",
      applicationId,
      body: "To delete",
    });
    const html = await page(`/admin/clients/${ids.client}`, cookies.admin);
    const noteId = firstMatch(html, /name="noteId" value="([0-9a-f-]{36})"/);
    return {
      params: { id: ids.client },
      fields: { intent: "delete-job-note", noteId },
      observe: personRecord(ids.client),
    };
  },
  "routes/admin/client POST assign-homework": onNewLead({
    intent: "assign-homework",
    title: "Matrix homework",
    dueDate: "2030-01-15",
  }),
  "routes/admin/client POST review-homework": async () => {
    const client = await freshPerson("client");
    const homeworkId = await assignHomework(client.id, client.cookie, "Matrix homework to review");
    await prepared("/homework", { homeworkId, note: "Done" }, client.cookie);
    return {
      params: { id: client.id },
      fields: { intent: "review-homework", homeworkId, feedback: "Well done" },
      observe: personRecord(client.id),
    };
  },
  // The review with a marked-up copy: its own upload route (docs/decisions/0043-file-storage.md, "Attachments").
  "routes/admin/client-review POST": async (person) => {
    const client = await freshPerson("client");
    const homeworkId = await assignHomework(client.id, client.cookie, "Matrix homework to hand back");
    await prepared("/homework", { homeworkId, note: "Done" }, client.cookie);
    return {
      params: { id: client.id },
      fields: { homeworkId, feedback: "See the copy", [FILE]: `Matrix marked-up (${person}).pdf` },
      observe: personRecord(client.id),
    };
  },
  "routes/admin/client POST add-resource": onNewLead({
    intent: "add-resource",
    kind: "guide",
    title: "Matrix guide",
    url: "https://example.com/matrix-guide",
    tags: "matrix",
  }),
  "routes/admin/client POST remove-resource": async () => {
    const lead = await freshPerson("lead");
    await prepared(`/admin/clients/${lead.id}`, {
      intent: "add-resource",
      kind: "guide",
      title: "Matrix guide to remove",
      url: "https://example.com/matrix-guide",
    });
    const html = await page(`/admin/clients/${lead.id}`, cookies.admin);
    const resourceId = firstMatch(html, new RegExp(`name="resourceId" value="(${UUID})"`));
    return {
      params: { id: lead.id },
      fields: { intent: "remove-resource", resourceId },
      observe: personRecord(lead.id),
    };
  },
  "routes/admin/client POST delete-person": async () => {
    const lead = await freshPerson("lead");
    return {
      params: { id: lead.id },
      fields: { intent: "delete-person", confirmEmail: lead.email },
      observe: personRecord(lead.id),
    };
  },
  "routes/admin/index POST assign-booking": async (person) => ({
    fields: {
      intent: "assign-booking",
      bookingId: await booked(`matrix-unmatched-${person}-${++made}@elsewhere.example`),
      email: SIGN_IN.client,
    },
    observe: () => readBack("/admin"),
  }),
  "routes/admin/index POST confirm-booking": async () => {
    const client = await freshPerson("client");
    return {
      fields: { intent: "confirm-booking", bookingId: await booked(client.email) },
      observe: () => readBack("/admin"),
    };
  },
  "routes/admin/index POST dismiss-booking": async (person) => ({
    fields: {
      intent: "dismiss-booking",
      bookingId: await booked(`matrix-dismissed-${person}-${++made}@elsewhere.example`),
    },
    observe: () => readBack("/admin"),
  }),
  "routes/admin/client POST resolve-booking": async () => {
    const client = await freshPerson("client");
    await readyToBook(client);
    const bookingId = await booked(client.email, client.id);
    return {
      params: { id: client.id },
      fields: { intent: "resolve-booking", bookingId },
      observe: personRecord(client.id),
    };
  },
  "routes/admin/client POST mark-no-show": () => pastSession("mark-no-show"),
  "routes/admin/client POST undo-no-show": () => pastSession("undo-no-show"),
  "routes/portal/billing POST manage-card": () => ({ fields: { intent: "manage-card" } }),
  // Each request flips the person's choice (cash is where it starts), so each one that is allowed shows.
  "routes/portal/billing POST reward-choice": (person) => {
    const reward = rewardChoices.get(person) === "discount" ? "cash" : "discount";
    rewardChoices.set(person, reward);
    return {
      fields: { intent: "reward-choice", reward },
      observe: person === "visitor" ? undefined : () => readBackAs("/billing", cookies[person]),
    };
  },
  ...jobSearch.requests,
  // docs/decisions/0046-intake-questionnaire.md: the client's own request; another client posts to it.
  "routes/portal/intake POST save-draft": async (person) => ({
    fields: {
      intent: "save-draft",
      responseId: await openIntake(ids.client, cookies.client),
      "q.target-roles": `Matrix draft (${person}) ${++made}`,
    },
    observe: () => readBackAs("/intake", cookies.client),
  }),
  "routes/portal/intake POST submit": async () => ({
    fields: { intent: "submit", responseId: await openIntake(ids.client, cookies.client), ...INTAKE_ANSWERS },
    observe: () => readBackAs("/intake", cookies.client),
  }),
  "routes/admin/intake POST save-questionnaire": (person) => ({
    fields: {
      intent: "save-questionnaire",
      questions: JSON.stringify([
        {
          id: "target-roles",
          type: "short",
          label: `Matrix question (${person}) ${++made}`,
          required: false,
        },
      ]),
    },
    observe: () => readBackAs("/admin/intake", cookies.admin),
  }),
  // A client who has sent their answers, so asking again is allowed.
  "routes/admin/client POST ask-intake": async () => {
    const client = await freshPerson("client");
    const responseId = await openIntake(client.id, client.cookie);
    await prepared("/intake", { intent: "submit", responseId, ...INTAKE_ANSWERS }, client.cookie);
    return { params: { id: client.id }, fields: { intent: "ask-intake" }, observe: personRecord(client.id) };
  },
  "routes/admin/codes POST create-code": () => ({
    fields: { intent: "create-code", code: `MATRIX-${++made}`, percent: "25", note: "Matrix" },
    observe: () => readBackAs("/admin/codes", cookies.admin),
  }),
  "routes/admin/codes POST void-code": async () => {
    const code = `MATRIX-${++made}`;
    await prepared("/admin/codes", { intent: "create-code", code, percent: "25" });
    const id = firstMatch(
      await page("/admin/codes", cookies.admin),
      new RegExp(`${code}[\\s\\S]*?name="id" value="(${UUID})"`),
    );
    return { fields: { intent: "void-code", id }, observe: () => readBackAs("/admin/codes", cookies.admin) };
  },
  // A fresh referrer whose friend paid the first instalment of Basic in CAD with their code: 10 % of $54.
  "routes/admin/codes POST mark-paid": async () => {
    const referrer = await freshPerson("client");
    const code = firstMatch(await page("/billing", referrer.cookie), /data-referral-code="">([A-Z0-9-]+)</);
    const friend = await freshPerson("lead");
    const order = await startLocalOrder(friend.cookie, {
      offer: "basic",
      currency: "CAD",
      option: "financing",
      code,
    });
    await prepared("/checkout/local", { order }, friend.cookie);
    return {
      fields: {
        intent: "mark-paid",
        referrerId: referrer.id,
        currency: "CAD",
        amount: "540",
        note: "Matrix",
      },
      observe: () => readBackAs("/admin/codes", cookies.admin),
    };
  },
  // docs/decisions/0047-coaching-agreement.md. Each save is a new version, so the page always changes.
  "routes/admin/agreement POST save-agreement": () => ({
    fields: { intent: "save-agreement", body: `# Matrix agreement ${++made}`, requiresAcceptance: "on" },
    observe: () => readBackAs("/admin/agreement", cookies.admin),
  }),
  // The intake gate flips from what it is; both gates are put back on afterwards.
  "routes/admin/agreement POST set-gates": async () => {
    const admin = await page("/admin/agreement", cookies.admin);
    const intakeOn = /name="intakeBeforeBooking"[^>]*checked/.test(admin);
    return {
      fields: {
        intent: "set-gates",
        agreementBeforeBooking: "on",
        intakeBeforeBooking: intakeOn ? "" : "on",
      },
      observe: () => readBackAs("/admin/agreement", cookies.admin),
      after: () =>
        prepared("/admin/agreement", {
          intent: "set-gates",
          intakeBeforeBooking: "on",
          agreementBeforeBooking: "on",
        }),
    };
  },
  // The coach's board (docs/decisions/0053-job-search.md): a new number of days each time, so the page changes;
  // put back to the default afterwards.
  "routes/admin/job-search POST set-stalled": () => ({
    fields: { intent: "set-stalled", stalledAfterDays: String(20 + (++made % 60)) },
    observe: () => readBackAs("/admin/job-search", cookies.admin),
    after: () => prepared("/admin/job-search", { intent: "set-stalled", stalledAfterDays: "14" }),
  }),
  // docs/decisions/0055-no-shows-and-expiry.md: a new period each time, so the page changes; the defaults
  // (a no-show used, no expiry) put back afterwards, as the setting holds for every client.
  "routes/admin/capacity POST set-practice": () => ({
    fields: { intent: "set-practice", noShowCountsAsUsed: "on", expiryMonths: String(13 + (++made % 24)) },
    observe: () => readBackAs("/admin/capacity", cookies.admin),
    after: () =>
      prepared("/admin/capacity", { intent: "set-practice", noShowCountsAsUsed: "on", expiryMonths: "" }),
  }),
  // A fresh version each time, so the person has not accepted it yet; the form names no person.
  "routes/portal/agreement POST accept": async (person) => {
    await prepared("/admin/agreement", {
      intent: "save-agreement",
      body: `# Matrix ${++made}`,
      requiresAcceptance: "on",
    });
    const next = firstMatch(
      await page("/admin/agreement", cookies.admin),
      /Save as version (?:<!-- -->)?(\d+)/,
    );
    const version = String(Number(next) - 1);
    return {
      fields: { intent: "accept", version, fullName: `Matrix ${person}`, accept: "on" },
      // Their own page changes; anyone refused leaves the client's page as it was.
      observe: () => readBackAs("/agreement", cookies[person === "another-client" ? person : "client"]),
    };
  },
  // The lead, now a client, is put back afterwards.
  "routes/portal/billing POST pay-next": async (person) => {
    const owner = person === "lead" ? "lead" : "client";
    const order = await startLocalOrder(cookies[owner], {
      offer: "basic",
      currency: "CAD",
      option: "financing",
    });
    const paid = await send("POST", "/checkout/local", cookies[owner], { order });
    await paid.arrayBuffer();
    expect(paid.status, "the first instalment paid").toBeLessThan(400);
    return {
      fields: { intent: "pay-next", order },
      observe: () => readBackAs("/billing", cookies[owner]),
      after: async () => {
        if (person === "lead")
          await prepared(`/admin/clients/${ids.lead}`, { intent: "set-role", role: "lead" });
      },
    };
  },
  "routes/checkout/index POST": () => ({ fields: { offer: "single", currency: "USD", option: "upfront" } }),
  // Another client gets 404; the lead, now a client, is put back afterwards.
  "routes/checkout/local POST": async (person) => {
    const owner = person === "lead" ? "lead" : "client";
    const order = await startLocalOrder(cookies[owner]);
    const status = async () => {
      const response = await send("GET", `/checkout/local.data?order=${order}`, cookies[owner]);
      return `${response.status} ${await response.text()}`;
    };
    return {
      fields: { order },
      observe: status,
      after: async () => {
        if (person === "lead")
          await prepared(`/admin/clients/${ids.lead}`, { intent: "set-role", role: "lead" });
      },
    };
  },
  // docs/decisions/0043-file-storage.md: a client uploads to their own files, the coach to any client's.
  "routes/portal/files POST": (person) => ({
    fields: { kind: "resume", [FILE]: `Matrix upload (${person}).pdf` },
    observe: () => readBackAs("/files", cookies[person === "another-client" ? person : "client"]),
  }),
  // A preview: it stores nothing, for anyone (the import itself needs the preview's token).
  "routes/portal/applications-import POST": (person) => ({
    fields: { [FILE]: `Matrix import (${person}).csv` },
  }),
  "routes/portal/file POST": async () => ({
    params: { fileId: await clientFile("Matrix file to delete.pdf") },
    fields: {},
    observe: clientFiles,
  }),
  // The coach deletes any of a client's files (docs/decisions/0043-file-storage.md): one the coach added here.
  "routes/admin/file POST": async (person) => {
    await prepared(`/admin/clients/${ids.client}/files`, {
      kind: "other",
      [FILE]: `Matrix remove (${person}).pdf`,
    });
    return { params: { fileId: await clientFileId() }, fields: {}, observe: clientFiles };
  },
  "routes/admin/client-files POST": (person) => ({
    fields: { kind: "other", [FILE]: `Matrix hand-back (${person}).pdf` },
    observe: clientFiles,
  }),
  // The lesson forms carry the coach's files (docs/decisions/0043-file-storage.md, "Attachments").
  "routes/admin/lesson-new POST": (person) => ({
    fields: {
      ...lessonFields(ids.client, `Matrix lesson (${person})`),
      [FILE]: `Matrix lesson (${person}).pdf`,
    },
    observe: personRecord(ids.client),
  }),
  "routes/admin/lesson-edit POST": (person) => ({
    fields: { ...lessonFields(ids.client, `Matrix edit (${person})`), [FILE]: `Matrix edit (${person}).pdf` },
    observe: () => readBack(`/admin/lessons/${lessonId}`),
  }),
};

async function startLocalOrder(
  cookie: string,
  offer: Record<string, string> = { offer: "single", currency: "USD", option: "upfront" },
): Promise<string> {
  const response = await send("POST", "/checkout", cookie, offer);
  await response.arrayBuffer();
  const location = response.headers.get("location") ?? "";
  const order = new URL(location, server.url).searchParams.get("order");
  expect(order, `an order from POST /checkout (${response.status} → ${location})`).toMatch(
    new RegExp(`^${UUID}$`),
  );
  return order as string;
}

beforeAll(async () => {
  server = await startMatrixServer("coach-matrix-", SESSION_SECRET);
  for (const [person, email] of Object.entries(SIGN_IN) as [SignedIn, string][]) {
    cookies[person] = await signIn(email);
    ids[person] = (await whoIs(cookies[person]))?.id ?? "";
    expect(ids[person], person).toMatch(new RegExp(`^${UUID}$`));
  }
  const html = await page(`/admin/clients/${ids.client}`, cookies.admin);
  lessonId = firstMatch(html, new RegExp(`href="/admin/lessons/(${UUID})"`));
  await prepared(`/admin/clients/${ids.client}`, {
    intent: "assign-homework",
    title: "Matrix email",
    dueDate: "2030-01-15",
  });
  emailId = firstMatch(
    await page("/admin/emails", cookies.admin),
    new RegExp(`/admin/emails/(${UUID})/html`),
  );
  fileId = await clientFile("Matrix resume.pdf");
  applicationId = await clientApplication("Matrix application");
}, 120_000);

describe("the matrix covers the app", () => {
  test("every route, action and intent of the build is declared, and the spec's table has a row for each", () => {
    expect(routes.size).toBeGreaterThan(30);
    expect(completenessProblems(build, routes)).toEqual([]);
  });

  test("every action and intent in the matrix has a request in this file, and nothing else does", () => {
    const posts = ROWS.filter((row) => row.method === "POST").map(rowKey);
    expect({
      withoutRequest: posts.filter((key) => !(key in REQUESTS)),
      stale: Object.keys(REQUESTS).filter((key) => !posts.includes(key)),
    }).toEqual({ withoutRequest: [], stale: [] });
  });
});

function urlOf(route: BuiltRoute, params: Record<string, string>): string {
  return route.path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`no value for ${whole} in ${route.path}`);
    return value;
  });
}

const pathPattern = (pattern: string) => new RegExp(`^${escapeRegExp(pattern).replace(/:\w+/g, "[^/]+")}$`);

type Form = "document" | "data";

/** An index route's POST keeps `?index`. */
function dataPath(path: string): string {
  const [pathname = "", query] = path.split("?");
  const twin = pathname === "/" ? "/_.data" : `${pathname.replace(/\/$/, "")}.data`;
  return query === undefined ? twin : `${twin}?${query}`;
}

async function answerOf(response: Response, form: Form) {
  const stream = /^text\/event-stream/.test(response.headers.get("content-type") ?? "");
  // An event stream never ends: its headers are the answer.
  if (stream) await response.body?.cancel();
  const body = stream ? "" : await response.text();
  const redirected = form === "document" ? response.status === 302 : response.status === 202;
  const location =
    form === "document"
      ? response.headers.get("location")
      : redirected
        ? (/"redirect","([^"]*)"/.exec(body)?.[1] ?? null)
        : null;
  return { status: response.status, body, redirected, location };
}

async function expectOutcome(
  response: Response,
  form: Form,
  expected: Outcome,
  row: MatrixRow,
  path: string,
) {
  const { status, body, redirected, location } = await answerOf(response, form);
  const seen = `${form} answered ${status}${location ? ` → ${location}` : ""}: ${body.slice(0, 300)}`;
  switch (expected.kind) {
    case "ok":
      expect(status, seen).toBe(200);
      if (row.expected?.otherwise === "demo") {
        const demo = form === "document" ? body.includes(DEMO_BANNER) : body.includes('"demo"');
        expect(demo, seen).toBe(expected.demo);
      }
      break;
    case "done":
      expect(redirected, seen).toBe(true);
      expect(new URL(location ?? "", server.url).pathname, seen).toMatch(pathPattern(expected.to));
      break;
    case "sign-in":
      expect(redirected, seen).toBe(true);
      expect(location, seen).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
      break;
    case "sent":
      expect(redirected, seen).toBe(true);
      expect(location, seen).toBe(expected.to);
      break;
    case "refused":
      expect(status, seen).toBe(expected.status);
      if (expected.status === 403) expect(body, seen).toContain(PERMISSION);
      break;
  }
}

function cellsOf(row: MatrixRow) {
  const cells = PERSONS.flatMap((person) => {
    // A row the spec's table lacks fails the completeness test; its cells expect a refusal meanwhile.
    const expected: Outcome = row.expected
      ? expectedOutcome(row.expected, person)
      : { kind: "refused", status: 404 };
    const says = describeOutcome(expected);
    return (["document", "data"] as const).map((form) => ({ person, form, expected, says }));
  });

  test.each(cells)("$person ($form): $says", async ({ person, form, expected }) => {
    const route = routes.get(row.routeId);
    expect(route, `${row.routeId} in the build`).toBeDefined();
    if (!route) return;
    const request = REQUESTS[rowKey(row)];
    if (row.method === "POST") expect(request, `a request for ${rowKey(row)} in REQUESTS`).toBeDefined();
    const cell: Cell = request ? await request(person) : { fields: {} };
    const path = urlOf(route, {
      id: ids.client,
      lessonId,
      emailId,
      fileId,
      applicationId,
      kind: "welcome",
      token: unsubscribe(ids.lead),
      "*": "matrix-no-such-page",
      ...cell.params,
    });
    const target = row.method === "POST" && route.index ? `${path}?index` : path;
    const before = await cell.observe?.();

    const response = await send(
      row.method,
      form === "data" ? dataPath(target) : target,
      cookies[person],
      row.method === "POST" ? cell.fields : undefined,
    );
    // Its `.data` twin would wait for a stream that never ends: 404 to anyone it would have served.
    const streamTwin = form === "data" && row.routeId === "routes/resources/events" && isAllowed(expected);
    await expectOutcome(response, form, streamTwin ? { kind: "refused", status: 404 } : expected, row, path);

    if (cell.observe && before !== undefined) {
      const after = await cell.observe();
      if (isAllowed(expected)) expect(after, "the change is visible").not.toBe(before);
      else expect(after, "nothing changed").toBe(before);
    }
    await cell.after?.();
  });
}

const requests = Map.groupBy(ROWS, (row) => `${row.method} ${routes.get(row.routeId)?.path ?? row.routeId}`);

describe.each([...requests].map(([label, rows]) => ({ label, rows })))("$label", ({ rows }) => {
  for (const row of rows) {
    if (row.intent) describe(`intent=${row.intent}`, () => cellsOf(row));
    else cellsOf(row);
  }
});

describe("afterwards", () => {
  test("no request was answered with a server error", () => {
    expect(serverErrors(server)).toEqual([]);
  });
});
