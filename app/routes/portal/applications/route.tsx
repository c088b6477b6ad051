import { useState } from "react";
import { useFetcher } from "react-router";
import { useForm, useSettledAnswer } from "~/components/form";
import { ApplicationFields } from "~/components/job-search/application-fields";
import { LightLink } from "~/components/light-link";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { AddCard, SelectField } from "~/components/ui/fields";
import { FilterForm } from "~/components/ui/filter-form";
import {
  JOB_SORTS,
  JOB_STAGES,
  type ListQuery,
  listQueryString,
  readListQuery,
  SORT_LABELS,
  STAGE_LABELS,
} from "~/domain/job-search";
import { addApplicationForm, moveApplicationForm } from "~/lib/schemas/job-search";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitIf } from "~/server/auth/context.server";
import { actionOf } from "~/server/intents.server";
import { createApplication, moveApplication } from "~/server/models/job-search.server";
import { modeFor } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/route";
import { Board } from "./board";
import { List } from "./list";
import { jobSearchView } from "./view.server";

// "Job search" (docs/decisions/0053-job-search.md): the client's applications as a board or a list, an add
// card, and a move on every card. Every control is a plain form or link, so the page works without
// JavaScript and by keyboard; a lead sees the portal's read-only demo, as on the other portal pages.

export const access = routeAccess({ loader: PORTAL_PAGE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const params = new URL(request.url).searchParams;
  const view = await jobSearchView(
    permitIf(context, "job-search.own"),
    modeFor(viewer, request, false),
    readListQuery(params),
  );
  // After an import (app/routes/portal/applications-import.tsx redirects here): how many it stored.
  return { ...view, imported: Math.max(0, Math.trunc(Number(params.get("imported")) || 0)) };
}

export const action = actionOf("portal", (intent) => ({
  add: intent({
    permission: "job-search.own",
    form: addApplicationForm,
    handler: async ({ stage, ...fields }, { db, permit }) => {
      const created = await createApplication(db, permit, fields, stage);
      return { id: created.id, company: created.company };
    },
  }),
  move: intent({
    permission: "job-search.own",
    form: moveApplicationForm,
    handler: ({ applicationId, stage }, { db, permit }) => moveApplication(db, permit, applicationId, stage),
  }),
}));

export const meta = privateMeta("Job search", "Your applications, from saved to offer.");

type Answer = Route.ComponentProps["actionData"];

export default function JobSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, query, today, total, cards, imported } = loaderData;
  const readOnly = mode.kind === "demo";
  // Without JavaScript a form posts the page itself: its answer comes back as the page's action data.
  const refusedMove =
    actionData?.ok === false && "intent" in actionData && actionData.intent === "move"
      ? actionData.error
      : null;
  return (
    <PortalPage
      title="Job search"
      subtitle={total === 0 ? undefined : total === 1 ? "1 application" : `${total} applications`}
      mode={mode}
    >
      {!readOnly && (
        <p>
          <LightLink to="/applications/offers" className="text-sm font-medium underline underline-offset-2">
            Compare offers
          </LightLink>
        </p>
      )}
      {!readOnly && <AddApplication today={today} first={total === 0} posted={actionData} />}
      {imported > 0 && !readOnly && (
        <p role="status" className="text-sm text-success">
          Imported {imported === 1 ? "1 application" : `${imported} applications`}.
        </p>
      )}
      {!readOnly && (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <LightLink to="/applications/import" className="underline underline-offset-2">
            Import from a CSV
          </LightLink>
          {total > 0 && (
            // A download, not a page: a plain link the browser saves.
            <a href="/applications/export.csv" download className="underline underline-offset-2">
              Export CSV
            </a>
          )}
        </p>
      )}
      {refusedMove && (
        <p role="alert" className="text-sm text-danger">
          {refusedMove}
        </p>
      )}
      {total === 0 ? (
        <EmptyState>
          No applications yet. Add the first one above — a job you saved counts — and move it along as you
          hear back.
        </EmptyState>
      ) : (
        <section aria-label="Your applications" className="grid gap-4">
          <Toolbar query={query} demoPlan={readOnly ? mode.plan : null} />
          {cards.length === 0 ? (
            <EmptyState>
              No applications in {query.stage ? STAGE_LABELS[query.stage] : "this view"}.
            </EmptyState>
          ) : query.view === "list" ? (
            <List cards={cards} readOnly={readOnly} />
          ) : (
            <Board cards={cards} readOnly={readOnly} />
          )}
        </section>
      )}
    </PortalPage>
  );
}

function AddApplication({ today, first, posted }: { today: string; first: boolean; posted: Answer }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  // The fetcher's answer, or the page's when the form was posted without JavaScript.
  const answer = busy
    ? undefined
    : (fetcher.data ?? (posted && "intent" in posted && posted.intent === "add" ? posted : undefined));
  const form = useForm(addApplicationForm, { answer, busy });
  useSettledAnswer(fetcher, (done) => {
    if (done.ok) form.formRef.current?.reset();
  });
  const added = answer?.ok && answer.intent === "add" ? answer.value : null;
  // Open at first for someone with none; after that, as the person leaves it (the first add must not fold it).
  const [openAtFirst] = useState(first);
  return (
    <div className="grid gap-2">
      <details
        className="rounded-xl border border-border"
        open={openAtFirst || (answer?.ok === false ? true : undefined)}
      >
        <summary className="cursor-pointer px-4 py-3 font-medium">Add an application</summary>
        <AddCard
          fetcher={fetcher}
          form={form}
          intent="add"
          submit="Add application"
          busy="Adding…"
          className="m-4 mt-0 p-4"
        >
          <ApplicationFields form={form} values={{ appliedOn: today }} disabled={form.saving} />
          <SelectField
            form={form}
            name="stage"
            label="Stage"
            defaultValue="applied"
            options={JOB_STAGES.map((stage) => [stage, STAGE_LABELS[stage]])}
            disabled={form.saving}
          />
        </AddCard>
      </details>
      {added && (
        <p role="status" className="text-sm text-success">
          Added {added.company}.
        </p>
      )}
    </div>
  );
}

/** View, stage and order: links and a GET form, so the URL keeps them and they work without scripts. */
function Toolbar({ query, demoPlan }: { query: ListQuery; demoPlan: string | null }) {
  const tab = (view: ListQuery["view"], label: string) => (
    <LightLink
      to={`/applications${listQueryString({ ...query, view })}`}
      aria-current={query.view === view ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm ${query.view === view ? "bg-accent font-semibold text-accent-foreground" : "text-muted-foreground hover:bg-muted"}`}
    >
      {label}
    </LightLink>
  );
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <nav aria-label="View" className="flex gap-1">
        {tab("board", "Board")}
        {tab("list", "List")}
      </nav>
      <FilterForm search label="Filter and sort" submit="Show" className="flex flex-wrap items-end gap-2">
        {query.view !== "board" && <input type="hidden" name="view" value={query.view} />}
        {demoPlan && <input type="hidden" name="plan" value={demoPlan} />}
        <SelectField
          name="stage"
          label="Stage"
          compact
          defaultValue={query.stage ?? ""}
          options={[["", "All stages"], ...JOB_STAGES.map((stage) => [stage, STAGE_LABELS[stage]] as const)]}
        />
        <SelectField
          name="sort"
          label="Sort by"
          compact
          defaultValue={query.sort}
          options={JOB_SORTS.map((sort) => [sort, SORT_LABELS[sort]])}
        />
      </FilterForm>
    </div>
  );
}
