import { MoveForm } from "~/components/job-search/move-form";
import { LightLink } from "~/components/light-link";
import { CalendarDate } from "~/components/portal/local-date-time";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { STAGE_LABELS } from "~/domain/job-search";
import type { Card } from "./view.server";

// The list: one row per application, in the order and with the filter the URL names. On a phone the table
// scrolls sideways inside its own box; the page does not.

const LIST_COLUMNS = ["Company", "Role", "Stage", "Date", "Days in stage"];

export function List({ cards, readOnly }: { cards: Card[]; readOnly: boolean }) {
  return (
    // A scrolling box takes keyboard focus in Chromium and Firefox by itself.
    <section className="overflow-x-auto rounded-xl border border-border" aria-label="Applications">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <ColumnHeaders
          labels={readOnly ? LIST_COLUMNS : [...LIST_COLUMNS, "Move"]}
          className="bg-muted/50"
          cellClassName="px-3 py-2"
        />
        <tbody>
          {cards.map((card) => (
            <tr key={card.id} className="border-t border-border align-top">
              <th scope="row" className="px-3 py-2 font-semibold">
                {card.href ? (
                  <LightLink to={card.href} className="underline underline-offset-2">
                    {card.company}
                  </LightLink>
                ) : (
                  card.company
                )}
              </th>
              <td className="px-3 py-2">{card.role}</td>
              <td className="px-3 py-2">{STAGE_LABELS[card.stage]}</td>
              <td className="px-3 py-2">
                <CalendarDate value={card.appliedOn} />
              </td>
              <td className="px-3 py-2">{card.days}</td>
              {!readOnly && (
                <td className="px-3 py-2">
                  <MoveForm
                    applicationId={card.id}
                    stage={card.stage}
                    name={`${card.company}, ${card.role}`}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
