import { expiredText, expiryDay } from "~/domain/practice";
import { type UsageItem, usedText } from "~/domain/usage";

export function QuotaCard({ item, children }: { item: UsageItem; children?: React.ReactNode }) {
  const labelId = `quota-${item.kind}`;
  const expiry = item.expiry;
  return (
    <div className="rounded-xl border border-border bg-card p-5">
      <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
        {item.label}
      </h3>
      {!item.includedInPlan ? (
        <p className="mt-2 text-muted-foreground">Not included in your plan</p>
      ) : expiry?.passed ? (
        // docs/decisions/0055-no-shows-and-expiry.md, "Expiry": the period is over, so nothing remains.
        <>
          <p className="mt-2 text-2xl font-semibold">Expired</p>
          <p className="mt-1 text-sm">{expiredText(expiry.at)}</p>
          <p className="mt-1 text-sm text-muted-foreground">{usedText(item)}.</p>
        </>
      ) : (
        <>
          <p className="mt-2 text-3xl font-semibold tabular-nums">
            {item.used}
            <span className="text-lg font-normal text-muted-foreground"> of {item.included} used</span>
          </p>
          <div
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.percent}
            aria-valuetext={usedText(item)}
            className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${item.percent}%` }} />
          </div>
          {expiry ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Unused ones expire on {expiryDay(expiry.at)}.
            </p>
          ) : null}
        </>
      )}
      {children}
    </div>
  );
}
