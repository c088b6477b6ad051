import { PageSection } from "~/components/marketing";
import { publicOutcomesText } from "~/domain/job-outcomes";

// The program page's outcome figure (docs/decisions/0053-job-search.md, "Outcomes"): rendered only when the
// server found enough consented outcomes; it never names anyone.

export function OutcomesFigure({
  figure,
}: {
  figure: { clients: number; medianDaysToOffer: number | null } | null;
}) {
  if (!figure) return null;
  return (
    <PageSection id="outcomes" heading="Outcomes">
      <p className="text-2xl font-semibold">{publicOutcomesText(figure)}</p>
      <p className="mt-2 text-sm text-muted-foreground">
        Counted from clients who accepted an offer and agreed to be counted, without their names.
      </p>
    </PageSection>
  );
}
