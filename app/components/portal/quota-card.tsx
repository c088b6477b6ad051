import { type UsageItem, usedText } from "~/domain/usage";

export function QuotaCard({ item, children }: { item: UsageItem; children?: React.ReactNode }) {
  const labelId = `quota-${item.kind}`;
  return (
    <div className="rounded-xl border border-border bg-card p-5">
      <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
        {item.label}
      </h3>
      {item.includedInPlan ? (
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
        </>
      ) : (
        <p className="mt-2 text-muted-foreground">Not included in your plan</p>
      )}
      {children}
    </div>
  );
}
