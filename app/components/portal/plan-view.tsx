import { PLAN_LABELS } from "~/domain/plans";
import type { PortalMode } from "~/domain/portal-mode";
import { expiryDay } from "~/domain/practice";
import { type GroupedPlanItems, usedText } from "~/domain/usage";
import { PortalPage } from "./portal-page";

/** docs/product/screens.md, Plan page. */
export function PlanView({
  data,
  demoNav,
}: {
  data: { mode: PortalMode; groups: GroupedPlanItems[] };
  demoNav?: boolean;
}) {
  return (
    <PortalPage title="Your plan" mode={data.mode} demoNav={demoNav}>
      <p className="text-lg">
        Tier: <span className="font-semibold">{PLAN_LABELS[data.mode.plan]}</span>
      </p>
      {data.groups.map((group) => (
        <section key={group.key} aria-labelledby={`group-${group.key}`}>
          <h2 id={`group-${group.key}`} className="text-xl font-semibold">
            {group.title}
          </h2>
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border bg-card">
            {group.items.map((item) => (
              // ml-auto: a status and count that wrap under a long name stay in the right-hand column.
              <li key={item.kind} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span>{item.label}</span>
                {item.includedInPlan ? (
                  <span className="ml-auto flex gap-3 tabular-nums">
                    {item.singleUse ? (
                      item.completed ? (
                        <span className="text-success">✓ Completed</span>
                      ) : (
                        <span className="text-muted-foreground">Pending</span>
                      )
                    ) : null}
                    <span className="font-medium">
                      {item.expiry?.passed ? `Expired on ${expiryDay(item.expiry.at)}` : usedText(item)}
                    </span>
                  </span>
                ) : (
                  <span className="ml-auto text-muted-foreground">Not included</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </PortalPage>
  );
}
