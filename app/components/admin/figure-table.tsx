import { CARD_BODY, CARD_CELL, CARD_LABELLED, CARD_ROW, CARD_TABLE } from "~/components/ui/card-table";
import { ColumnHeaders } from "~/components/ui/column-headers";

// A table of figures, a card per row below 768 px (app/components/ui/card-table.ts): the first cell names
// the row, each figure says what it is on a card. The capacity and funnel sections share it
// (docs/decisions/0054-business-at-a-glance.md).

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
    <div className="mt-3 rounded-xl border border-border md:overflow-x-auto">
      <table className={CARD_TABLE}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders
          labels={[head, ...columns]}
          className="bg-muted/50 max-md:sr-only"
          cellClassName="px-3 py-2"
        />
        <tbody className={CARD_BODY}>
          {rows.map((row) => (
            <tr key={row.key} className={CARD_ROW}>
              <th
                scope="row"
                className={`${CARD_CELL} font-semibold max-md:basis-full [overflow-wrap:anywhere]`}
              >
                {row.name}
              </th>
              {row.cells.map((cell, i) => (
                <td
                  key={columns[i]}
                  className={`${CARD_LABELLED} tabular-nums`}
                  data-label={`${columns[i]}:`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
