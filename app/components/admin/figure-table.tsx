import type { ReactNode } from "react";
import { CARD_BODY, CARD_CELL, CARD_LABELLED, CARD_ROW, CARD_TABLE } from "~/components/ui/card-table";
import { ColumnHeaders } from "~/components/ui/column-headers";

// A table of figures, a card per row below 768 px (app/components/ui/card-table.ts): the first cell names
// the row, each figure says what it is on a card. The capacity and funnel sections share it
// (docs/decisions/0054-business-at-a-glance.md), and the outcomes' list its frame (CardTable).

/** A cell after the row's name: what it shows, and its classes beside the labelled cell's. */
export type Cell = { value: ReactNode; className?: string };

/** The frame: the caption, the headers, a row a card, the row's name in its header cell. */
export function CardTable<Row>({
  caption,
  labels,
  rows,
  rowKey,
  name,
  cells,
}: {
  caption: string;
  /** The headers, the first over the rows' names. */
  labels: readonly string[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  name: (row: Row) => ReactNode;
  cells: (row: Row) => readonly Cell[];
}) {
  return (
    <div className="mt-3 rounded-xl border border-border md:overflow-x-auto">
      <table className={CARD_TABLE}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders labels={labels} className="bg-muted/50 max-md:sr-only" cellClassName="px-3 py-2" />
        <tbody className={CARD_BODY}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={CARD_ROW}>
              <th
                scope="row"
                className={`${CARD_CELL} font-semibold max-md:basis-full [overflow-wrap:anywhere]`}
              >
                {name(row)}
              </th>
              {cells(row).map((cell, i) => (
                <td
                  key={labels[i + 1]}
                  className={cell.className ? `${CARD_LABELLED} ${cell.className}` : CARD_LABELLED}
                  data-label={`${labels[i + 1]}:`}
                >
                  {cell.value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type FigureRow = { key: string; name: string; cells: readonly (string | number)[] };

export function FigureTable({
  caption,
  head,
  columns,
  rows,
}: {
  caption: string;
  /** The first column's header: what each row is. */
  head: string;
  columns: readonly string[];
  rows: readonly FigureRow[];
}) {
  return (
    <CardTable
      caption={caption}
      labels={[head, ...columns]}
      rows={rows}
      rowKey={(row) => row.key}
      name={(row) => row.name}
      cells={(row) => row.cells.map((value) => ({ value, className: "tabular-nums" }))}
    />
  );
}
