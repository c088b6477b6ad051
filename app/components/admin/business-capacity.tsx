import { type CapacityRow, type CapacityTotal, COACH_TIME_ZONE, type DayLoad } from "~/domain/capacity";
import { KIND_LABELS, PLAN_LABELS } from "~/domain/plans";
import { FigureTable } from "./figure-table";

// Capacity (docs/decisions/0054-business-at-a-glance.md, "Capacity"): per service kind, per plan, and the
// week's booked load, each a table (cards on a phone).

const FIGURES = ["Sold", "Delivered", "Booked ahead", "Remaining", "Expired"] as const;
const figures = (r: Omit<CapacityTotal, "label" | "kind">) => [
  r.sold,
  r.delivered,
  r.ahead,
  r.remaining,
  r.expired,
];

const months = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;

const weekday = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-CA", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

export function CapacitySection({
  byKind,
  byPlan,
  week,
  expiryMonths,
}: {
  byKind: readonly CapacityTotal[];
  byPlan: readonly CapacityRow[];
  week: readonly DayLoad[];
  /** The practice's period (docs/decisions/0055-no-shows-and-expiry.md); null: sessions never expire. */
  expiryMonths: number | null;
}) {
  const booked = week.reduce((sum, d) => sum + d.total, 0);
  return (
    <section aria-labelledby="capacity" className="mt-6">
      <h2 id="capacity" className="text-xl font-semibold">
        Capacity
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        What the clients' plans include, across all clients. Remaining = sold − delivered − booked ahead,
        never below 0 for any client.{" "}
        {expiryMonths === null
          ? "No expiry period is set (Practice settings), so no session expires."
          : `Sessions and mock interviews expire ${months(expiryMonths)} after a client's plan starts: expired is what remained then, and that client's remaining is 0.`}
      </p>
      {byKind.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No clients with a plan yet.
        </p>
      ) : (
        <>
          <h3 className="mt-4 text-lg font-semibold">Per service</h3>
          <FigureTable
            caption="Sessions and reviews per service, across all clients"
            head="Service"
            columns={FIGURES}
            rows={byKind.map((k) => ({ key: k.kind, name: k.label, cells: figures(k) }))}
          />
          <h3 className="mt-6 text-lg font-semibold">Per plan</h3>
          <FigureTable
            caption="Sessions and reviews per plan and service"
            head="Plan and service"
            columns={["Clients", ...FIGURES]}
            rows={byPlan.map((r) => ({
              key: `${r.plan} ${r.kind}`,
              name: `${PLAN_LABELS[r.plan]}: ${KIND_LABELS[r.kind]}`,
              cells: [r.clients, ...figures(r)],
            }))}
          />
        </>
      )}
      <h3 className="mt-6 text-lg font-semibold">The week's booked load</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {booked === 0 ? "Nothing booked" : `${booked} booked`} from today for 7 days, days in{" "}
        {COACH_TIME_ZONE}.
      </p>
      <FigureTable
        caption="Bookings per day for the next 7 days"
        head="Day"
        columns={["Sessions", "Mock interviews", "All"]}
        rows={week.map((d) => ({
          key: d.day,
          name: weekday(d.day),
          cells: [d.sessions, d.interviews, d.total],
        }))}
      />
    </section>
  );
}
