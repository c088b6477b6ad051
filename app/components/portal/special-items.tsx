import type { UsageItem } from "~/domain/usage";

/** docs/product/states.md: Pending until used at least once, then Completed. */
export function SpecialItemList({
  items,
  action,
}: {
  items: readonly UsageItem[];
  action?: (item: UsageItem) => React.ReactNode;
}) {
  if (items.length === 0) return <p className="text-muted-foreground">No one-time items in this plan.</p>;
  return (
    <ul className="divide-y divide-border rounded-xl border border-border bg-card">
      {items.map((item) => (
        <li key={item.kind} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <span>{item.label}</span>
          {/* A div: the admin's action is a form, which a span may not hold. ml-auto: wrapped under a long
              name (the admin's, with its button, on a phone), it stays in the right-hand column. */}
          <div className="ml-auto flex items-center gap-3">
            {item.completed ? (
              <span className="rounded-full bg-success/15 px-2.5 py-0.5 text-sm font-medium text-success">
                ✓ Completed
              </span>
            ) : (
              <span className="rounded-full bg-muted px-2.5 py-0.5 text-sm text-muted-foreground">
                Pending
              </span>
            )}
            {action?.(item)}
          </div>
        </li>
      ))}
    </ul>
  );
}
