import type { ReactNode } from "react";
import { CalendarDate } from "~/components/portal/local-date-time";
import { HeadedSection } from "~/components/ui/headed-section";
import type { Currency } from "~/domain/financing";
import { formatAmount } from "~/domain/job-offers";
import { type JobStage, STAGE_LABELS } from "~/domain/job-search";
import type { ShownOffer } from "./offer-form";

// One offer on the compare page (/applications/offers) and the outcome of the accepted one: every figure
// with its currency named, totals per offer only (docs/decisions/0053-job-search.md, "Phase 2").

type ComparedOffer = Omit<ShownOffer, "currency"> & {
  id: string;
  company: string;
  role: string;
  stage: JobStage;
  currency: Currency;
  totals: { firstYear: number; yearly: number; currency: Currency };
  change: { amount: number; percent: number | null; currency: Currency } | null;
  accepted: boolean;
};

export function OfferCard({
  offer,
  hasCurrent,
  mayAccept,
  children,
}: {
  offer: ComparedOffer;
  hasCurrent: boolean;
  mayAccept: boolean;
  /** The accept form, shown while no offer is accepted. */
  children: ReactNode;
}) {
  const money = (amount: number) => formatAmount(amount, offer.currency);
  const rows: [string, ReactNode][] = [
    ["Base", money(offer.base)],
    ["Bonus", money(offer.bonus)],
    ["Equity per year", money(offer.equityPerYear)],
    ["Sign-on", money(offer.signOn)],
    ["First-year total", <strong key="first">{money(offer.totals.firstYear)}</strong>],
    ["Yearly total", <strong key="yearly">{money(offer.totals.yearly)}</strong>],
    ["Level", offer.level ?? "—"],
    ["Location", offer.location ?? "—"],
    ["Deadline", offer.deadline ? <CalendarDate key="deadline" value={offer.deadline} /> : "—"],
  ];
  const change = offer.change;
  return (
    <li>
      <article
        aria-label={`${offer.company}, ${offer.role}`}
        className="grid h-full gap-3 rounded-xl border border-border bg-card p-4"
      >
        <header>
          <h2 className="text-lg font-semibold break-words">{offer.company}</h2>
          <p className="text-sm text-muted-foreground break-words">
            {offer.role} · {offer.accepted ? "Accepted" : STAGE_LABELS[offer.stage]}
          </p>
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="text-right tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {hasCurrent && (
          <p className="text-sm">
            {change
              ? `Base ${change.amount >= 0 ? "+" : ""}${formatAmount(change.amount, change.currency)}${change.percent === null ? "" : ` (${change.percent >= 0 ? "+" : ""}${change.percent}%)`} against your current pay.`
              : "Not compared with your current pay: it is in another currency."}
          </p>
        )}
        {offer.notes && <p className="text-sm whitespace-pre-line break-words">{offer.notes}</p>}
        {offer.accepted && <p className="font-medium text-success">You accepted this offer.</p>}
        {mayAccept && children}
      </article>
    </li>
  );
}

type Outcome = {
  acceptedAt: Date | string;
  daysToOffer: number | null;
  sessionsUsed: number;
  baseChange: number | null;
  currentCurrency: string | null;
};

export function OutcomeSummary({ outcome }: { outcome: Outcome }) {
  const facts = [
    outcome.daysToOffer === null
      ? "Time to offer: not known (no paid plan on record)"
      : `Time to offer: ${outcome.daysToOffer} ${outcome.daysToOffer === 1 ? "day" : "days"} from the start of coaching`,
    `Sessions used before the offer: ${outcome.sessionsUsed}`,
    outcome.baseChange === null || !outcome.currentCurrency
      ? "Pay change: not recorded"
      : `Pay change: ${outcome.baseChange >= 0 ? "+" : ""}${formatAmount(outcome.baseChange, outcome.currentCurrency as Currency)} base`,
  ];
  return (
    <HeadedSection
      id="outcome-heading"
      title="Outcome recorded"
      className="rounded-xl border border-success/40 bg-card p-4"
    >
      <ul className="mt-2 grid gap-1 text-sm">
        {facts.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    </HeadedSection>
  );
}
