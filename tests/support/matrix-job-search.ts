import type { Person } from "./spec-access";
import { escapeRegExp } from "./text";

// The job search's requests for the authorization matrix (tests/system/authorization-matrix.test.ts,
// docs/decisions/0053-job-search.md), apart so that file stays under its length ceiling: each names the
// client's application (and interview or offer), which another client's post must leave as it was.

export type Fields = Record<string, string>;
/** A matrix request: what it sends, what it would change (read back before and after), what to undo after. */
export type Cell = {
  params?: Record<string, string>;
  fields: Fields;
  observe?: () => Promise<string>;
  /** A sign-out ends every session of the person: after it, sign them in again. */
  after?: () => Promise<void>;
};
export type RequestFor = (person: Person) => Cell | Promise<Cell>;

const UUID = "[0-9a-f-]{36}";

export function jobSearchRequests({
  prepared,
  page,
  readBackAs,
  firstMatch,
  cookies,
  next,
}: {
  prepared: (path: string, fields: Fields, cookie?: string) => Promise<void>;
  page: (path: string, cookie: string) => Promise<string>;
  readBackAs: (path: string, cookie: string) => Promise<string>;
  firstMatch: (text: string, pattern: RegExp) => string;
  cookies: Record<Person, string>;
  next: () => number;
}) {
  /** A new application of the client's (docs/decisions/0053-job-search.md), in "Applied"; its id. */
  async function clientApplication(company: string): Promise<string> {
    const fields = { intent: "add", company, role: "Matrix engineer", source: "applied", stage: "applied" };
    await prepared("/applications", fields, cookies.client);
    const board = await page("/applications", cookies.client);
    return firstMatch(board, new RegExp(`href="/applications/(${UUID})"[^>]*>${escapeRegExp(company)}<`));
  }

  /** An interview on the client's application (phase 2); its id, from its edit form's hidden field. */
  async function clientInterview(applicationId: string): Promise<string> {
    const fields = { intent: "add-interview", kind: "coding", startsAt: "2030-01-15T10:00" };
    await prepared(`/applications/${applicationId}`, fields, cookies.client);
    const html = await page(`/applications/${applicationId}`, cookies.client);
    return firstMatch(html, new RegExp(`name="interviewId" value="(${UUID})"`));
  }

  /** A new application of the client's with an offer; the application's and the offer's ids. */
  async function clientOffer(company: string): Promise<{ applicationId: string; offerId: string }> {
    const applicationId = await clientApplication(company);
    const fields = { intent: "save-offer", currency: "CAD", base: "100000" };
    await prepared(`/applications/${applicationId}`, fields, cookies.client);
    const html = await page("/applications/offers", cookies.client);
    const card = new RegExp(`${escapeRegExp(company)}<[\\s\\S]*?name="offerId" value="(${UUID})"`);
    return { applicationId, offerId: firstMatch(html, card) };
  }

  /** The client's application as the client reads it (another client's post must leave it as it was). */
  const clientApplicationRead = (id: string) => () => readBackAs(`/applications/${id}`, cookies.client);

  const requests: Record<string, RequestFor> = {
    // docs/decisions/0053-job-search.md: each person adds to their own board; a move or a change names the
    // client's application, which another client's post must leave as it was.
    "routes/portal/applications POST add": (person) => ({
      fields: {
        intent: "add",
        company: `Matrix add (${person}) ${next()}`,
        role: "Engineer",
        source: "referral",
        stage: "saved",
      },
      observe: person === "visitor" ? undefined : () => readBackAs("/applications", cookies[person]),
    }),
    "routes/portal/applications POST move": async (person) => {
      const id = await clientApplication(`Matrix board move (${person}) ${next()}`);
      return {
        fields: { intent: "move", applicationId: id, stage: "onsite" },
        observe: clientApplicationRead(id),
      };
    },
    "routes/portal/application POST edit": async (person) => {
      const id = await clientApplication(`Matrix edit (${person}) ${next()}`);
      return {
        params: { applicationId: id },
        fields: { intent: "edit", company: `Edited by ${person}`, role: "Engineer", source: "recruiter" },
        observe: clientApplicationRead(id),
      };
    },
    "routes/portal/application POST move": async (person) => {
      const id = await clientApplication(`Matrix move (${person}) ${next()}`);
      return {
        params: { applicationId: id },
        fields: { intent: "move", stage: "offer" },
        observe: clientApplicationRead(id),
      };
    },
    "routes/portal/application POST delete": async (person) => {
      const id = await clientApplication(`Matrix delete (${person}) ${next()}`);
      return {
        params: { applicationId: id },
        fields: { intent: "delete" },
        observe: clientApplicationRead(id),
      };
    },
    // Phase 2 (docs/decisions/0053-job-search.md): each names the client's application (and interview or
    // offer), which another client's post must leave as it was.
    "routes/portal/application POST add-interview": async (person) => {
      const id = await clientApplication(`Matrix interview (${person}) ${next()}`);
      return {
        params: { applicationId: id },
        fields: { intent: "add-interview", kind: "onsite", startsAt: "2030-01-16T09:30" },
        observe: clientApplicationRead(id),
      };
    },
    "routes/portal/application POST edit-interview": async (person) => {
      const id = await clientApplication(`Matrix edit interview (${person}) ${next()}`);
      const interviewId = await clientInterview(id);
      return {
        params: { applicationId: id },
        fields: { intent: "edit-interview", interviewId, kind: "behavioral", startsAt: "2030-01-17T11:00" },
        observe: clientApplicationRead(id),
      };
    },
    "routes/portal/application POST delete-interview": async (person) => {
      const id = await clientApplication(`Matrix delete interview (${person}) ${next()}`);
      const interviewId = await clientInterview(id);
      return {
        params: { applicationId: id },
        fields: { intent: "delete-interview", interviewId },
        observe: clientApplicationRead(id),
      };
    },
    "routes/portal/application POST save-offer": async (person) => {
      const id = await clientApplication(`Matrix offer (${person}) ${next()}`);
      return {
        params: { applicationId: id },
        fields: { intent: "save-offer", currency: "USD", base: "150000", bonus: "1,000" },
        observe: clientApplicationRead(id),
      };
    },
    "routes/portal/application POST delete-offer": async (person) => {
      const { applicationId: id } = await clientOffer(`Matrix delete offer (${person}) ${next()}`);
      return {
        params: { applicationId: id },
        fields: { intent: "delete-offer" },
        observe: clientApplicationRead(id),
      };
    },
    // Each person's own current pay, a new figure each time so each allowed post shows.
    "routes/portal/offers POST current-pay": (person) => ({
      fields: { intent: "current-pay", base: String(100000 + next()), currency: "CAD" },
      observe: person === "visitor" ? undefined : () => readBackAs("/applications/offers", cookies[person]),
    }),
    // One accepted offer per search: the application is deleted afterwards (its outcome goes with it), so
    // the client's next accept is allowed again.
    "routes/portal/offers POST accept": async (person) => {
      const { applicationId: id, offerId } = await clientOffer(`Matrix accept (${person}) ${next()}`);
      return {
        fields: { intent: "accept", offerId },
        observe: () => readBackAs("/applications/offers", cookies.client),
        after: async () => {
          await prepared(`/applications/${id}`, { intent: "delete" }, cookies.client);
        },
      };
    },
    // The consent in /account needs an outcome: the client accepts an offer first, and the application (with
    // its outcome) is deleted afterwards, as above.
    "routes/account/index POST outcome-consent": async (person) => {
      const { applicationId: id, offerId } = await clientOffer(`Matrix consent (${person}) ${next()}`);
      await prepared("/applications/offers", { intent: "accept", offerId }, cookies.client);
      return {
        fields: { intent: "outcome-consent", consent: "on" },
        observe: () => readBackAs("/account", cookies.client),
        after: async () => {
          await prepared(`/applications/${id}`, { intent: "delete" }, cookies.client);
        },
      };
    },
  };
  return { clientApplication, requests };
}
