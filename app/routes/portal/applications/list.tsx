import { ApplicationsTable, type ExtraColumn } from "~/components/job-search/applications-table";
import { MoveForm } from "~/components/job-search/move-form";
import type { Card } from "./view.server";

// The list: one row per application, in the order and with the filter the URL names; on a phone each is a
// card (app/components/job-search/applications-table.tsx).

const DAYS: ExtraColumn<Card> = { label: "Days in stage", cell: (card) => card.days };
const MOVE: ExtraColumn<Card> = {
  label: "Move",
  control: true,
  cell: (card) => (
    <MoveForm applicationId={card.id} stage={card.stage} name={`${card.company}, ${card.role}`} />
  ),
};

export function List({ cards, readOnly }: { cards: Card[]; readOnly: boolean }) {
  return (
    <section aria-label="Applications">
      <ApplicationsTable
        rows={cards}
        label="Applications"
        dateLabel="Date"
        extra={readOnly ? [DAYS] : [DAYS, MOVE]}
      />
    </section>
  );
}
