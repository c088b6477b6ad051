import { useFetcher, useFetchers } from "react-router";
import { useFetcherForm } from "~/components/form";
import { QuotaCard } from "~/components/portal/quota-card";
import { SpecialItemList } from "~/components/portal/special-items";
import { Button } from "~/components/ui/button";
import { IntentForm } from "~/components/ui/intent-form";
import { canDecrement } from "~/domain/usage";
import { adjustForm } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

/** Every such control waits while any one saves (docs/product/validation.md). */
function useUsageSaving(): boolean {
  return useFetchers().some(
    (fetcher) => fetcher.state !== "idle" && fetcher.formData?.get("intent") === "adjust",
  );
}

function AdjustForm({
  kind,
  amount,
  disabled = false,
  label,
  children,
  className,
}: {
  kind: string;
  amount: 1 | -1;
  disabled?: boolean;
  label?: string;
  children: React.ReactNode;
  className: string;
}) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(adjustForm, fetcher);
  const working = useUsageSaving() || form.saving;
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      intent="adjust"
      hidden={{ kind, amount: String(amount) }}
      className={className}
    >
      <Button type="submit" variant="outline" size="sm" disabled={disabled || working} aria-label={label}>
        {children}
      </Button>
      {form.message}
    </IntentForm>
  );
}

export function Quotas({ data }: { data: ClientData }) {
  return (
    <Section id="quotas" title="Quotas">
      {data.quotas.length === 0 ? (
        <p className="text-muted-foreground">This plan has no counted sessions or mock interviews.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {data.quotas.map((item) => (
            <QuotaCard key={item.kind} item={item}>
              {data.may.adjust && (
                <div className="mt-4 flex items-start gap-2">
                  {([1, -1] as const).map((amount) => (
                    <AdjustForm
                      key={amount}
                      kind={item.kind}
                      amount={amount}
                      disabled={amount === -1 && !canDecrement(item.used)}
                      className="inline-flex flex-col items-start gap-1"
                    >
                      {amount === 1 ? "+1" : "-1"}
                      <span className="sr-only"> {item.label}</span>
                    </AdjustForm>
                  ))}
                </div>
              )}
            </QuotaCard>
          ))}
        </div>
      )}
    </Section>
  );
}

export function SpecialItems({ data }: { data: ClientData }) {
  return (
    <Section id="specials" title="Special items">
      <SpecialItemList
        items={data.specials}
        action={
          data.may.mark
            ? (item) => {
                const verb = item.completed ? "Undo" : "Mark done";
                return (
                  <AdjustForm
                    kind={item.kind}
                    amount={item.completed ? -1 : 1}
                    label={`${verb}: ${item.label}`}
                    className="inline-flex items-center gap-2"
                  >
                    {verb}
                  </AdjustForm>
                );
              }
            : undefined
        }
      />
    </Section>
  );
}
