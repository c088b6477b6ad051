import { type FormEvent, useCallback, useEffect, useMemo, useState } from "react";
import { Form, useNavigation, useSearchParams, useSubmit } from "react-router";
import { LightLink } from "~/components/light-link";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { inputClass } from "~/components/ui/control-classes";
import { PEOPLE_FILTERS, type PeopleFilter, parsePeopleFilter } from "~/domain/people-filter";
import { parseJsonText } from "~/lib/json-text";
import { convertForm } from "~/lib/schemas/admin";
import { privateMeta } from "~/lib/seo";
import { attempt, invalid, readForm } from "~/server/action-result.server";
import { permitFor, permitIf } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { convertLead, listPeople } from "~/server/models/people.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/clients";
import { CONVERT_FORM, type Conversion, ConvertFetcher, convertKey, PersonRow } from "./clients-rows";

export const access = routeAccess({ loader: staff("profiles.list"), action: staff("lead.convert") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parsePeopleFilter(params.get("filter"));
  const search = params.get("q") ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const result = await listPeople(await getDb(), permitFor(context, "profiles.list"), {
    filter,
    search,
    page,
  });
  return { ...result, filter, search, canConvert: permitIf(context, "lead.convert") !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "lead.convert");
  const form = await readForm(request);
  const parsed = convertForm.parse(form);
  if (!parsed.ok) return invalid(parsed.error);
  return attempt(async () => convertLead(await getDb(), permit, parsed.data.id));
}

export const meta = privateMeta("Leads & Clients", "Leads and clients.");

const FILTER_LABELS: Record<PeopleFilter, string> = { leads: "Leads", clients: "Clients", all: "All" };

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, filter, search, page, pageSize, total, canConvert } = loaderData;
  const rows = useMemo(() => parseJsonText(loaderData.rows), [loaderData.rows]);
  const [params] = useSearchParams();
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/clients";
  // docs/product/errors.md: above the table, with or without JavaScript.
  const [convertError, setConvertError] = useState<string | null>(null);
  // The leads a person asked to convert here, each with a fetcher of its own (ConvertFetcher).
  const [conversions, setConversions] = useState<Readonly<Record<string, Conversion>>>({});
  const onConversion = useCallback((id: string, conversion: Conversion, error: string | null) => {
    setConversions((known) => ({ ...known, [id]: conversion }));
    setConvertError(error);
  }, []);
  // Every convert button submits the page's one form, asleep or awake: the buttons React hydrates are
  // the ones the server sent, so a press held before React (app/enhancers/wake.ts) still has its button.
  const convert = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const id = submitter instanceof HTMLButtonElement ? submitter.value : "";
    if (!id || conversions[id]?.working) return;
    setConversions((known) => ({ ...known, [id]: { working: true, converted: false } }));
    void submit({ id }, { method: "post", navigate: false, fetcherKey: convertKey(id) });
  };
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another filter, search or page makes an earlier row's error stale
  useEffect(() => setConvertError(null), [query]);
  const error = convertError ?? (actionData && !actionData.ok ? actionData.error : null);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : "?";
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Leads &amp; Clients</h1>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Filter" className="flex gap-2">
          {PEOPLE_FILTERS.map((key) => (
            <LightLink
              key={key}
              to={withParams({ filter: key === "all" ? null : key, page: null })}
              aria-current={filter === key ? "page" : undefined}
              className={`rounded-md border px-3 py-1.5 text-sm ${
                filter === key
                  ? "border-primary bg-accent font-semibold text-accent-foreground"
                  : "border-border hover:bg-muted"
              }`}
            >
              {FILTER_LABELS[key]} <span className="tabular-nums">({counts[key]})</span>
            </LightLink>
          ))}
        </nav>
        <Form method="get" role="search" className="w-full sm:w-80">
          {filter !== "all" && <input type="hidden" name="filter" value={filter} />}
          <label className="sr-only" htmlFor="people-search">
            Search name or email
          </label>
          <input
            id="people-search"
            type="search"
            name="q"
            defaultValue={search}
            placeholder="Search name or email…"
            maxLength={100}
            autoComplete="off"
            onChange={(event) => {
              const form = event.currentTarget.form;
              if (form) submit(form, { replace: true, preventScrollReset: true });
            }}
            className={`w-full ${inputClass}`}
          />
        </Form>
      </div>

      {error && (
        <p role="alert" className="mt-4 text-danger">
          {error}
        </p>
      )}

      {/* A table from 768 px; below, each person is a card of the same cells (the same DOM at every
          width, so nothing is replaced when the window turns or the page hydrates). */}
      <div
        className={`mt-4 overflow-x-auto rounded-xl border border-border ${searching ? "opacity-60" : ""}`}
      >
        <table className="w-full text-left text-sm max-md:block md:min-w-[40rem]">
          <caption className="sr-only">
            {FILTER_LABELS[filter]}
            {search ? ` matching “${search}”` : ""}, page {page} of {pages}
          </caption>
          <ColumnHeaders
            labels={["Name", "Email", "Role", "Plan", "Actions"]}
            className="bg-muted text-muted-foreground max-md:sr-only"
            cellClassName="px-4 py-2 font-medium"
          />
          <tbody className="divide-y divide-border max-md:block">
            {rows.length === 0 ? (
              <tr className="max-md:block">
                <td colSpan={5} className="px-4 py-8 text-center text-muted-foreground max-md:block">
                  {search ? "No matches for your search." : "Nothing here yet."}
                </td>
              </tr>
            ) : (
              rows.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  canConvert={canConvert}
                  conversion={conversions[person.id]}
                />
              ))
            )}
          </tbody>
        </table>
      </div>

      {/* What the convert buttons post: without JavaScript as a document, with it through a fetcher. */}
      {/* data-answer-for: its answer is the page's own (the error above), so a first visit may post it as a document. */}
      <form id={CONVERT_FORM} method="post" hidden onSubmit={convert} data-answer-for="" />
      {Object.keys(conversions).map((id) => (
        <ConvertFetcher key={id} id={id} onConversion={onConversion} />
      ))}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <LightLink to={withParams({ page: String(page - 1) })} className="underline">
              ← Previous
            </LightLink>
          ) : (
            <span />
          )}
          <span className="text-muted-foreground">
            Page {page} of {pages} · {total} people
          </span>
          {page < pages ? (
            <LightLink to={withParams({ page: String(page + 1) })} className="underline">
              Next →
            </LightLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
