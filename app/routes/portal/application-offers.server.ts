import { isSoon } from "~/domain/job-offers";
import type { Plan } from "~/domain/plans";
import { quotaItems, usageSummary } from "~/domain/usage";
import { type FormDefinition, noFields } from "~/lib/forms";
import { addInterviewForm, editInterviewForm, interviewIdForm, offerForm } from "~/lib/schemas/job-offers";
import type { Db } from "~/server/db.server";
import { intentsOn } from "~/server/intents.server";
import { sessionsView } from "~/server/models/bookings-read.server";
import {
  addInterview,
  deleteInterview,
  deleteOffer,
  editInterview,
  saveOffer,
} from "~/server/models/job-offers.server";
import { interviewsAndOffer } from "~/server/models/job-offers-read.server";
import { timeZoneOf } from "~/server/models/job-search-read.server";
import { dashboardData } from "~/server/models/portal.server";
import type { Permit } from "~/server/policy.server";

// The application page's interviews and offer (phase 2 of docs/decisions/0053-job-search.md): what its
// loader reads and the intents its action adds, kept here so the route stays short.

/**
 * The portal's mock-interview booking link (the dashboard's: signed token, only with credit left and no
 * step holding booking back), carrying the interview it prepares as Cal.com metadata — `metadata[interview]`
 * (its id) and `metadata[prepares]` (kind and company), returned in the booking's webhook. Read only when an
 * interview is in the next 7 days.
 */
async function mockInterviewLink(db: Db, permit: Permit<"portal.read-own">, plan: Plan, now: Date) {
  const found = await dashboardData(db, permit, 0, now);
  const quotas = quotaItems(usageSummary(plan, found.usage, found.expiry));
  return sessionsView(permit, found.bookings, quotas, now, found.steps).book.mockInterview;
}

const withInterview = (link: string, interview: { id: string; kind: string }, company: string) => {
  const url = new URL(link);
  url.searchParams.set("metadata[interview]", interview.id);
  url.searchParams.set("metadata[prepares]", `${interview.kind} at ${company}`.slice(0, 200));
  return url.toString();
};

export async function interviewsForPage(
  db: Db,
  permits: { own: Permit<"job-search.own">; portal: Permit<"portal.read-own"> },
  plan: Plan,
  application: { id: string; company: string },
  now = new Date(),
) {
  const [found, timeZone] = await Promise.all([
    interviewsAndOffer(db, permits.own, application.id),
    timeZoneOf(db, permits.own.actor.id),
  ]);
  const soon = found.interviews.some((interview) => isSoon(interview.startsAt, now));
  const link = soon ? await mockInterviewLink(db, permits.portal, plan, now) : null;
  // Without credit (or before the intake and agreement), the dashboard says what to do first.
  const book = (interview: { id: string; kind: string }) =>
    link ? withInterview(link, interview, application.company) : "/dashboard#sessions-heading";
  return {
    timeZone,
    offer: found.offer,
    accepted: found.accepted,
    interviews: found.interviews.map((interview) => ({
      ...interview,
      mockLink: isSoon(interview.startsAt, now) ? book(interview) : null,
    })),
  };
}

const own = intentsOn<{ applicationId: string }>("portal");

/** An intent that changes the client's own application (or what hangs on it) and answers nothing more. */
export function ownChange<T>(
  form: FormDefinition<T>,
  change: (
    input: T,
    on: { db: Db; permit: Permit<"job-search.own">; applicationId: string },
  ) => Promise<unknown>,
) {
  return own({
    permission: "job-search.own",
    form,
    handler: async (input, tools) => {
      await change(input, tools);
      return null;
    },
  });
}

export const offerIntents = {
  "add-interview": ownChange(addInterviewForm, (fields, { db, permit, applicationId }) =>
    addInterview(db, permit, applicationId, fields),
  ),
  "edit-interview": ownChange(
    editInterviewForm,
    ({ interviewId, ...fields }, { db, permit, applicationId }) =>
      editInterview(db, permit, applicationId, interviewId, fields),
  ),
  "delete-interview": ownChange(interviewIdForm, ({ interviewId }, { db, permit, applicationId }) =>
    deleteInterview(db, permit, applicationId, interviewId),
  ),
  "save-offer": ownChange(offerForm, (fields, { db, permit, applicationId }) =>
    saveOffer(db, permit, applicationId, fields),
  ),
  "delete-offer": ownChange(noFields, (_, { db, permit, applicationId }) =>
    deleteOffer(db, permit, applicationId),
  ),
};
