import { redirect, useFetcher } from "react-router";
import { type FormAnswer, useForm } from "~/components/form";
import { ApplicationFields } from "~/components/job-search/application-fields";
import { Interviews } from "~/components/job-search/interviews";
import { MoveForm } from "~/components/job-search/move-form";
import { OfferSection } from "~/components/job-search/offer-form";
import { LightLink } from "~/components/light-link";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { PortalPage } from "~/components/portal/portal-page";
import { HeadedSection } from "~/components/ui/headed-section";
import { DeleteForm, IntentForm } from "~/components/ui/intent-form";
import { daysInStage, SOURCE_LABELS, STAGE_LABELS } from "~/domain/job-search";
import { noFields } from "~/lib/forms";
import { idSchema } from "~/lib/schemas/admin";
import { editApplicationForm, JOB_MESSAGES, stageForm } from "~/lib/schemas/job-search";
import { seo } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { intentAction, intentsOn } from "~/server/intents.server";
import { deleteApplication, editApplication, moveApplication } from "~/server/models/job-search.server";
import { sharedNotesOnOwn } from "~/server/models/job-search-notes.server";
import { ownApplication } from "~/server/models/job-search-read.server";
import { modeFor } from "~/server/models/portal-view.server";
import { refuse } from "~/server/refusal.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/application";
import { interviewsForPage, offerIntents, ownChange } from "./application-offers.server";

// One application (docs/decisions/0053-job-search.md): its fields to edit, a move, its history, and a delete
// that asks first. The client's own only: another's id is "not found", like a missing one; a lead has none
// (403, as /intake: the board's demo cards open nothing).

export const access = routeAccess({ loader: portal("job-search.own") });

/** The URL's id, or the same 404 as an application that is not theirs. */
function applicationIdOf(params: { applicationId?: string }): string {
  const id = idSchema.safeParse(params.applicationId);
  if (!id.success) refuse(JOB_MESSAGES.notFound, 404);
  return id.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const permit = permitFor(context, "job-search.own");
  const db = await getDb();
  const found = await ownApplication(db, permit, applicationIdOf(params));
  const now = new Date();
  const mode = modeFor(currentViewer(context), request, false);
  const permits = { own: permit, portal: permitFor(context, "portal.read-own") };
  return {
    mode,
    application: { ...found.application, days: daysInStage(found.application.stageChangedAt, now) },
    moves: found.moves,
    coachNotes: await sharedNotesOnOwn(db, permit, found.application.id),
    ...(await interviewsForPage(db, permits, mode.plan, found.application, now)),
  };
}

const own = intentsOn<{ applicationId: string }>("portal");

export const action = intentAction({
  context: ({ params }) => ({ applicationId: applicationIdOf(params) }),
  intents: {
    edit: ownChange(editApplicationForm, (fields, { db, permit, applicationId }) =>
      editApplication(db, permit, applicationId, fields),
    ),
    move: own({
      permission: "job-search.own",
      form: stageForm,
      handler: ({ stage }, { db, permit, applicationId }) =>
        moveApplication(db, permit, applicationId, stage),
    }),
    delete: own({
      permission: "job-search.own",
      form: noFields,
      handler: async (_, { db, permit, applicationId }) => {
        await deleteApplication(db, permit, applicationId);
        throw redirect("/applications");
      },
    }),
    ...offerIntents,
  },
});

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData
    ? `${loaderData.application.company} — ${loaderData.application.role}`
    : "Application";
  return seo(matches, {
    title,
    description: "An application of yours.",
    noindex: true,
  });
}

type Answer = Route.ComponentProps["actionData"];

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, application, moves, interviews, timeZone, offer, accepted, coachNotes } = loaderData;
  // Without JavaScript a form posts the page itself: a move's or a delete's refusal shows here.
  const refused =
    actionData?.ok === false && !("intent" in actionData && actionData.intent === "edit")
      ? actionData.error
      : null;
  const name = `${application.company}, ${application.role}`;
  return (
    <PortalPage title={application.company} subtitle={application.role} mode={mode}>
      <p>
        <LightLink to="/applications" className="text-sm underline underline-offset-2">
          ← Job search
        </LightLink>
      </p>
      <HeadedSection id="stage-heading" title={STAGE_LABELS[application.stage]} className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          {application.days === 1 ? "1 day" : `${application.days} days`} in this stage ·{" "}
          {SOURCE_LABELS[application.source]}
        </p>
        <MoveForm stage={application.stage} name={name} className="flex max-w-md flex-wrap items-end gap-2" />
        {refused && (
          <p role="alert" className="text-sm text-danger">
            {refused}
          </p>
        )}
      </HeadedSection>
      <CoachNotes notes={coachNotes} />
      <HeadedSection id="history-heading" title="History">
        <ol className="mt-3 grid gap-2 text-sm">
          {moves.map((move) => (
            <li key={move.id} className="flex flex-wrap gap-x-2">
              <LocalDateTime value={move.movedAt} />
              <span>
                {move.fromStage
                  ? `${STAGE_LABELS[move.fromStage]} → ${STAGE_LABELS[move.toStage]}`
                  : `Added as ${STAGE_LABELS[move.toStage]}`}
              </span>
            </li>
          ))}
        </ol>
      </HeadedSection>
      <Interviews interviews={interviews} timeZone={timeZone} company={application.company} />
      <OfferSection offer={offer} accepted={accepted} />
      <EditForm application={application} posted={actionData} />
      <DeleteApplication name={name} />
    </PortalPage>
  );
}

type Shown = Route.ComponentProps["loaderData"]["application"];

function EditForm({ application, posted }: { application: Shown; posted: Answer }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  // The fetcher's answer, or the page's when the form was posted without JavaScript.
  const answer = busy
    ? undefined
    : (fetcher.data ?? (posted && "intent" in posted && posted.intent === "edit" ? posted : undefined));
  const form = useForm(editApplicationForm, { answer, busy });
  const saved = answer?.ok === true;
  return (
    <HeadedSection id="edit-heading" title="Details">
      <IntentForm
        fetcher={fetcher}
        form={form}
        intent="edit"
        className="mt-3 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
        submit="Save"
        busy="Saving…"
        footer
        after={
          saved && (
            <p role="status" className="text-sm text-success">
              Saved.
            </p>
          )
        }
      >
        <ApplicationFields form={form} values={application} disabled={form.saving} />
      </IntentForm>
    </HeadedSection>
  );
}

/** Asks first: the button that deletes is inside a fold the client opens (as a file's delete does). */
function DeleteApplication({ name }: { name: string }) {
  return (
    <details className="rounded-xl border border-danger/40 p-4">
      <summary className="cursor-pointer font-medium text-danger">Delete this application</summary>
      <DeleteForm<FormAnswer>
        intent="delete"
        className="mt-3 grid gap-2"
        submit="Yes, delete it"
        button={{ className: "justify-self-start" }}
      >
        <p className="text-sm">Delete {name} and its history for good? This can't be undone.</p>
      </DeleteForm>
    </details>
  );
}

/** The notes staff chose to share on this application (docs/decisions/0053-job-search.md, "Staff notes"). */
function CoachNotes({ notes }: { notes: Route.ComponentProps["loaderData"]["coachNotes"] }) {
  if (notes.length === 0) return null;
  return (
    <HeadedSection id="coach-notes-heading" title="Notes from your coach" className="grid gap-2">
      <ul className="grid gap-2">
        {notes.map((note) => (
          <li key={note.id} className="rounded-lg border border-border bg-card p-3 text-sm">
            <p className="text-muted-foreground">
              {note.author ?? "Your coach"}, <LocalDateTime value={note.createdAt} />
            </p>
            <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{note.body}</p>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
