import type { ReactNode } from "react";
import { LightLink } from "~/components/light-link";
import { CalendarDate } from "~/components/portal/local-date-time";
import { CARD_BODY, CARD_CELL, CARD_LABELLED, CARD_ROW, CARD_TABLE } from "~/components/ui/card-table";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { type JobStage, STAGE_LABELS } from "~/domain/job-search";

// Applications as a table from 768 px and as cards below it, the same DOM at every width, as Leads & Clients
// (app/routes/admin/clients.tsx): the client's list (app/routes/portal/applications/list.tsx) and the
// client's admin page (app/routes/admin/client/job-search.tsx). Nothing scrolls sideways on a phone.

export type ApplicationRow = {
  id: string;
  company: string;
  role: string;
  stage: JobStage;
  appliedOn: string;
  href?: string | null;
};

/** A column after Company, Role, Stage and the date; `control`: a form, a row of its own on a card, unlabelled. */
export type ExtraColumn<R> = { label: string; cell: (row: R) => ReactNode; control?: boolean };

const CELL = CARD_CELL;
const LABELLED = CARD_LABELLED;

export function ApplicationsTable<R extends ApplicationRow>({
  rows,
  label,
  dateLabel,
  extra,
}: {
  rows: R[];
  label: string;
  dateLabel: string;
  extra: ExtraColumn<R>[];
}) {
  return (
    <div className="rounded-xl border border-border md:overflow-x-auto">
      <table className={CARD_TABLE}>
        <caption className="sr-only">{label}</caption>
        <ColumnHeaders
          labels={["Company", "Role", "Stage", dateLabel, ...extra.map((column) => column.label)]}
          className="bg-muted/50 max-md:sr-only"
          cellClassName="px-3 py-2"
        />
        <tbody className={CARD_BODY}>
          {rows.map((row) => (
            <tr key={row.id} className={CARD_ROW}>
              <th scope="row" className={`${CELL} font-semibold max-md:basis-full [overflow-wrap:anywhere]`}>
                {row.href ? (
                  <LightLink to={row.href} className="underline underline-offset-2">
                    {row.company}
                  </LightLink>
                ) : (
                  row.company
                )}
              </th>
              <td className={`${CELL} max-md:basis-full [overflow-wrap:anywhere]`}>{row.role}</td>
              <td className={LABELLED} data-label="Stage:">
                {STAGE_LABELS[row.stage]}
              </td>
              <td className={LABELLED} data-label={`${dateLabel}:`}>
                <CalendarDate value={row.appliedOn} />
              </td>
              {extra.map((column) => (
                <td
                  key={column.label}
                  className={column.control ? `${CELL} max-md:basis-full` : LABELLED}
                  data-label={column.control ? undefined : `${column.label}:`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
