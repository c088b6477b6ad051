import { SettingForm } from "~/components/admin/setting-form";
import { LightLink } from "~/components/light-link";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { CARD_BODY, CARD_CELL, CARD_LABELLED, CARD_ROW, CARD_TABLE } from "~/components/ui/card-table";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { TextField } from "~/components/ui/fields";
import { JOB_STAGES, STAGE_LABELS } from "~/domain/job-search";
import {
  type ClientSearchRow,
  INTERVIEW_SOON_HOURS,
  RECENT_DAYS,
  STALLED_AFTER_DAYS,
} from "~/domain/job-search-board";
import { can } from "~/domain/policy";
import { stalledDaysForm, stalledDaysSaved } from "~/lib/schemas/job-search-board";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { coachBoard, setStalledAfterDays } from "~/server/models/job-search-board.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/job-search";

// The coach's board across clients (issue 44, docs/decisions/0053-job-search.md, "The coach's board"): every
// client's search in a row, stalled ones first. Live as every admin page is: a client's move revalidates it.

export const access = routeAccess({ loader: staff("job-search.read") });

export async function loader({ context }: Route.LoaderArgs) {
  const board = await coachBoard(await getDb(), permitFor(context, "job-search.read"));
  return { ...board, mayEdit: can(currentViewer(context), "job-search.settings") };
}

export const action = actionOf("staff", (intent) => ({
  "set-stalled": intent({
    permission: "job-search.settings",
    form: stalledDaysForm,
    handler: async ({ stalledAfterDays }, { db, permit }) => {
      await setStalledAfterDays(db, permit, stalledAfterDays);
      return { message: stalledDaysSaved(stalledAfterDays) };
    },
  }),
}));

export const meta = privateMeta("Job search", "Every client's job search at a glance.");

export default function CoachBoard({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, stalledAfterDays, mayEdit } = loaderData;
  const stalled = rows.filter((row) => row.stalled).length;
  const unprepared = rows.filter((row) => row.interviewUnprepared).length;
  const notStarted = rows.filter((row) => row.total === 0).length;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Job search</h1>
        <LightLink
          to="/admin/job-search/outcomes"
          className="text-sm font-medium underline underline-offset-2"
        >
          Outcomes
        </LightLink>
      </div>
      <p className="mt-1 text-muted-foreground">
        {rows.length === 0
          ? "No clients yet."
          : `${rows.length} ${rows.length === 1 ? "client" : "clients"}: ${unprepared} with an interview within ${INTERVIEW_SOON_HOURS} hours and no mock interview booked, ${stalled} stalled, ${notStarted} not started. Flagged searches come first.`}
      </p>
      <StalledSetting days={stalledAfterDays} mayEdit={mayEdit} answer={actionData} />
      {rows.length > 0 ? (
        <div className="mt-6 rounded-xl border border-border md:overflow-x-auto">
          <table className={CARD_TABLE}>
            <caption className="sr-only">Every client's job search, stalled ones first</caption>
            <ColumnHeaders
              labels={["Client", "Stages", `Added in ${RECENT_DAYS} days`, "Last activity", "Flag"]}
              className="bg-muted/50 max-md:sr-only"
              cellClassName="px-3 py-2"
            />
            <tbody className={CARD_BODY}>
              {rows.map((row) => (
                <SearchRow key={row.clientId} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function SearchRow({ row }: { row: ClientSearchRow }) {
  const stages = JOB_STAGES.filter((stage) => row.perStage[stage] > 0);
  return (
    <tr className={CARD_ROW}>
      <th scope="row" className={`${CARD_CELL} font-semibold max-md:basis-full [overflow-wrap:anywhere]`}>
        <LightLink to={`/admin/clients/${row.clientId}#job-search`} className="underline underline-offset-2">
          {row.fullName || row.email}
        </LightLink>
      </th>
      <td className={`${CARD_CELL} max-md:basis-full`}>
        {stages.length === 0 ? (
          <span className="text-muted-foreground">No applications yet</span>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label="Applications per stage">
            {stages.map((stage) => (
              <li key={stage} className="rounded-md bg-muted px-1.5 py-0.5 text-xs whitespace-nowrap">
                {STAGE_LABELS[stage]}:{" "}
                <span className="font-semibold tabular-nums">{row.perStage[stage]}</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={`${CARD_LABELLED} tabular-nums`} data-label={`Added in ${RECENT_DAYS} days:`}>
        {row.addedLately}
      </td>
      <td className={CARD_LABELLED} data-label="Last activity:">
        {row.lastActivityAt ? (
          <>
            <LocalDateTime value={row.lastActivityAt} dateOnly /> ({quiet(row.quietDays ?? 0)})
          </>
        ) : (
          "—"
        )}
      </td>
      <td className={CARD_CELL}>
        <Flag row={row} />
      </td>
    </tr>
  );
}

const quiet = (days: number) => (days === 0 ? "today" : `${days} ${days === 1 ? "day" : "days"} ago`);

function Flag({ row }: { row: ClientSearchRow }) {
  const flags = [];
  if (row.interviewUnprepared && row.unpreparedInterviewAt)
    flags.push(
      <span key="soon" className={`${BADGE} border-primary/50 bg-primary/10`}>
        Interview <LocalDateTime value={row.unpreparedInterviewAt} />, no mock booked
      </span>,
    );
  if (row.stalled)
    flags.push(
      <span key="stalled" className={`${BADGE} border-danger/40 bg-danger/10 text-danger`}>
        Stalled
      </span>,
    );
  if (flags.length > 0) return <div className="flex flex-wrap gap-1.5">{flags}</div>;
  if (!row.searching) return <span className="text-xs text-muted-foreground">Offer accepted</span>;
  if (row.total === 0) return <span className="text-xs text-muted-foreground">Not started</span>;
  return null;
}

const BADGE = "rounded-md border px-1.5 py-0.5 text-xs font-semibold";

type Answer = Route.ComponentProps["actionData"];

function StalledSetting({ days, mayEdit, answer }: { days: number; mayEdit: boolean; answer: Answer }) {
  if (!mayEdit)
    return <p className="mt-4 text-sm">A search quiet for {days} days or more is flagged stalled.</p>;
  return (
    <SettingForm
      intent="set-stalled"
      definition={stalledDaysForm}
      pageAnswer={answer}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-border p-4 text-sm"
    >
      {(form) => (
        <TextField
          form={form}
          name="stalledAfterDays"
          label="Flag a search as stalled after this many quiet days"
          description={`No new application and no move; ${STALLED_AFTER_DAYS.min} to ${STALLED_AFTER_DAYS.max}.`}
          inputMode="numeric"
          defaultValue={days}
          compact
          className="w-full sm:w-auto"
        />
      )}
    </SettingForm>
  );
}
