import { useMemo } from "react";
import { HeadedSection } from "~/components/ui/headed-section";
import type { PortalMode } from "~/domain/portal-mode";
import type { UsageItem } from "~/domain/usage";
import { type JsonText, parseJsonText } from "~/lib/json-text";
import { BeforeFirstSession, type FirstSteps } from "../intake/before-first-session";
import { type ActivityEntry, ActivityList } from "./activity-list";
import { PortalPage } from "./portal-page";
import { QuotaCard } from "./quota-card";
import { Sessions, type SessionsData } from "./sessions";
import { SpecialItemList } from "./special-items";

export type DashboardData = {
  mode: PortalMode;
  quotas: JsonText<UsageItem[]>;
  specials: JsonText<UsageItem[]>;
  activity: JsonText<ActivityEntry[]>;
  /** Null in the demo. */
  sessions?: SessionsData | null;
  /** What the client still has to do before their first session; null in the demo. */
  onboarding?: FirstSteps | null;
};

/** docs/product/screens.md, Dashboard. */
export function DashboardView({
  data,
  greeting,
  demoNav,
}: {
  data: DashboardData;
  greeting?: string;
  demoNav?: boolean;
}) {
  const quotas = useMemo(() => parseJsonText(data.quotas), [data.quotas]);
  const specials = useMemo(() => parseJsonText(data.specials), [data.specials]);
  const activity = useMemo(() => parseJsonText(data.activity), [data.activity]);
  return (
    <PortalPage title="Dashboard" subtitle={greeting} mode={data.mode} demoNav={demoNav}>
      {data.onboarding && <BeforeFirstSession steps={data.onboarding} />}
      <HeadedSection id="quotas-heading" title="Sessions and mock interviews">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {quotas.map((item) => (
            <QuotaCard key={item.kind} item={item} />
          ))}
        </div>
      </HeadedSection>
      {data.sessions && <Sessions data={data.sessions} />}
      <HeadedSection id="specials-heading" title="Reviews and extras">
        <div className="mt-4">
          <SpecialItemList items={specials} />
        </div>
      </HeadedSection>
      <HeadedSection id="activity-heading" title="Recent activity">
        <div className="mt-4">
          <ActivityList entries={activity} empty="No recent activity yet." />
        </div>
      </HeadedSection>
    </PortalPage>
  );
}
