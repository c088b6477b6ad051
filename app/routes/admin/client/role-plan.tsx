import { type FetcherWithComponents, useFetcher } from "react-router";
import { useFetcherForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { IntentForm } from "~/components/ui/intent-form";
import { PLAN_LABELS, PLANS, ROLES } from "~/domain/plans";
import { planForm, roleForm } from "~/lib/schemas/admin";
import type { ClientAnswer, ClientData } from "./section";

// docs/product/screens.md, Client detail: with JavaScript a change saves at once; without it, each has
// a Save button. Both dropdowns wait while either saves. The Save button stays in the DOM once hydrated,
// hidden by CSS: a press made on it while the page wakes still has its button (app/enhancers/wake.ts).

type Fetcher = FetcherWithComponents<ClientAnswer>;

function SavedSelect({
  fetcher,
  intent,
  name,
  label,
  value,
  options,
  locked,
  waiting,
}: {
  fetcher: Fetcher;
  intent: "set-role" | "set-plan";
  name: "role" | "plan";
  label: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
  locked: boolean;
  waiting: boolean;
}) {
  const form = useFetcherForm(name === "role" ? roleForm : planForm, fetcher);
  return (
    <IntentForm fetcher={fetcher} form={form} intent={intent} className="grid gap-1">
      <SelectField
        form={form}
        name={name}
        label={label}
        defaultValue={value}
        // A new value from the server (a save, another tab) starts the dropdown afresh.
        key={value}
        disabled={form.saving || waiting || locked}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        options={options}
        beside={
          !locked && (
            <Button type="submit" variant="outline" size="sm" className="hydrated:hidden">
              Save {label.toLowerCase()}
            </Button>
          )
        }
      />
      {form.message}
    </IntentForm>
  );
}

export function RoleAndPlan({ data }: { data: ClientData }) {
  const role = useFetcher<ClientAnswer>();
  const plan = useFetcher<ClientAnswer>();
  return (
    <HeadedSection id="account" title="Role and plan" titleClassName="sr-only">
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <SavedSelect
          fetcher={role}
          intent="set-role"
          name="role"
          label="Role"
          value={data.person.role}
          options={ROLES.map((r) => [r, r] as const)}
          locked={!data.may.setRole || data.isSelf}
          waiting={plan.state !== "idle"}
        />
        <SavedSelect
          fetcher={plan}
          intent="set-plan"
          name="plan"
          label="Plan"
          value={data.plan}
          options={PLANS.map((p) => [p, PLAN_LABELS[p]] as const)}
          locked={!data.may.setPlan}
          waiting={role.state !== "idle"}
        />
      </div>
      {!data.may.setRole && (
        <p className="mt-2 text-sm text-muted-foreground">Only an admin can change role and plan.</p>
      )}
      {data.may.setRole && data.isSelf && (
        <p className="mt-2 text-sm text-muted-foreground">You can't change your own role.</p>
      )}
    </HeadedSection>
  );
}
