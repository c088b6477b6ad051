import { type ReactNode, useEffect } from "react";
import { useFetcher } from "react-router";
import { LightLink } from "~/components/light-link";
import { Button } from "~/components/ui/button";
import { effectivePlan } from "~/domain/plans";
import type { Person } from "~/server/models/people.server";

// Leads & Clients' rows (app/routes/admin/clients.tsx): a table row from 768 px, a card below it.

/** The page's one convert form, which every convert button submits (docs/decisions/0032-rendering-cost.md). */
export const CONVERT_FORM = "convert-lead";

/** What the route's action answers. */
type ConvertAnswer = { ok: true } | { ok: false; error: string };

export type Conversion = { working: boolean; converted: boolean };

export const convertKey = (id: string) => `convert-lead:${id}`;

/**
 * A lead's row is the same markup before and after hydration (a row React replaced would lose a press
 * made across the switch); its conversion's state comes from the page.
 */
export function PersonRow({
  person,
  canConvert,
  conversion,
}: {
  person: Person;
  canConvert: boolean;
  conversion: Conversion | undefined;
}) {
  // The row reads "client" from the press on (the conversion is refused only when the lead is gone or
  // already converted, and a refusal puts "lead" back with its reason above the table); the button stays,
  // disabled, until the server has answered, then the revalidated loader brings the role itself.
  const working = conversion?.working === true;
  const converted = conversion?.converted === true;
  const role = converted || working ? "client" : person.role;
  return (
    <PersonCells person={person} role={role}>
      {person.role === "lead" && !converted && canConvert && (
        <ConvertButton id={person.id} working={working} />
      )}
    </PersonCells>
  );
}

/**
 * One lead's conversion, mounted once a person asked for it: a fetcher per lead row rendered on the
 * server would cost a dozen hooks a row on every render (docs/decisions/0033-warm-cost.md). Renders nothing.
 */
export function ConvertFetcher({
  id,
  onConversion,
}: {
  id: string;
  onConversion: (id: string, conversion: Conversion, error: string | null) => void;
}) {
  const fetcher = useFetcher<ConvertAnswer>({ key: convertKey(id) });
  const working = fetcher.state !== "idle";
  const converted = fetcher.data?.ok === true;
  const error = working ? null : fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const answered = working || fetcher.data !== undefined;
  useEffect(() => {
    if (answered) onConversion(id, { working, converted }, error);
  }, [answered, id, working, converted, error, onConversion]);
  return null;
}

/** No form of its own (docs/decisions/0032-rendering-cost.md): it submits the page's convert form with its lead's id. */
function ConvertButton({ id, working }: { id: string; working: boolean }) {
  return (
    <Button
      type="submit"
      variant="outline"
      size="xs"
      weight="normal"
      form={CONVERT_FORM}
      name="id"
      value={id}
      disabled={working}
      className="px-2.5 md:ml-3"
    >
      {working ? "…" : "Convert to client"}
    </Button>
  );
}

type CellsProps = { person: Person; role: Person["role"]; children?: ReactNode };

function PersonCells({ person, role, children }: CellsProps) {
  // A card without a name is headed by its email: a lone "—" atop a card read as something missing.
  const named = Boolean(person.fullName);
  return (
    <tr className={ROW}>
      <td
        className={`${CELL} max-md:basis-full max-md:font-semibold [overflow-wrap:anywhere] ${named ? "" : "max-md:hidden"}`}
      >
        {person.fullName || "—"}
      </td>
      <td
        className={`${CELL} max-md:basis-full [overflow-wrap:anywhere] ${named ? "" : "max-md:font-semibold"}`}
      >
        <LightLink to={`/admin/clients/${person.id}`} className="underline-offset-2 hover:underline">
          {person.email}
        </LightLink>
      </td>
      <td className={`${CELL} ${CARD_LABEL} max-md:before:content-['Role_'_/_'']`}>{role}</td>
      <td className={`${CELL} ${CARD_LABEL} max-md:before:content-['Plan_'_/_'']`}>
        {role === "lead" ? "—" : effectivePlan(person.plan).toUpperCase()}
      </td>
      <td
        className={`${CELL} whitespace-nowrap max-md:flex max-md:basis-full max-md:items-center max-md:gap-3`}
      >
        <LightLink
          to={`/admin/clients/${person.id}`}
          className="inline-block py-1 font-medium text-primary underline underline-offset-2"
        >
          Open
        </LightLink>
        {children}
      </td>
    </tr>
  );
}

/** On a card, a row is a wrapping line of its cells: name, then email, then role and plan, then the actions. */
const ROW =
  "max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-4 max-md:gap-y-1 max-md:px-4 max-md:py-3";
const CELL = "px-4 py-2 max-md:p-0";

/**
 * A card has no column headers in sight: its role and plan say what they are, in generated text that is
 * not the cell's text and that screen readers skip (`/ ''`): they read the headers, kept for them.
 */
const CARD_LABEL = "max-md:before:text-muted-foreground";
