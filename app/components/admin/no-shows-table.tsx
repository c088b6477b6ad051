import type { NoShowRow } from "~/domain/no-shows";
import { KIND_LABELS } from "~/domain/plans";
import { FigureTable } from "./figure-table";

// No-shows on the capacity page (docs/decisions/0055-no-shows-and-expiry.md, "No-shows"), a table like
// the capacity figures beside it (cards on a phone).

export function NoShowsSection({ rows, months }: { rows: readonly NoShowRow[]; months: number }) {
  return (
    <section aria-labelledby="no-shows" className="mt-6">
      <h2 id="no-shows" className="text-xl font-semibold">
        No-shows
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Past sessions the client missed, recorded by Cal.com or marked by the coach. Given back: the session
        returned to the client's plan, as the practice's setting said when it was recorded.
      </p>
      <FigureTable
        caption="No-shows per service"
        head="Service"
        columns={[`Last ${months} months`, "All time", "Given back"]}
        rows={rows.map((r) => ({
          key: r.kind,
          name: KIND_LABELS[r.kind],
          cells: [r.inWindow, r.allTime, r.givenBack],
        }))}
      />
    </section>
  );
}
