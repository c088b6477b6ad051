import { CheckboxField, TextField } from "~/components/ui/fields";
import { EXPIRY_MONTHS } from "~/domain/practice";
import { practiceSettingsForm } from "~/lib/schemas/practice";
import { SettingForm } from "./setting-form";

// The practice's settings (docs/decisions/0055-no-shows-and-expiry.md) on the capacity page, whose figures
// follow them: the admin changes them, the coach reads them.

export type PracticeValues = { noShowCountsAsUsed: boolean; expiryMonths: number | null };

const months = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;

export function practiceSummary({ noShowCountsAsUsed, expiryMonths }: PracticeValues): string {
  return `${noShowCountsAsUsed ? "A no-show counts as a used session" : "A no-show gives its session back"}. ${
    expiryMonths === null
      ? "Unused sessions never expire."
      : `Unused sessions expire ${months(expiryMonths)} after a plan starts.`
  }`;
}

export function PracticeSettings({
  values,
  mayEdit,
  answer,
}: {
  values: PracticeValues;
  mayEdit: boolean;
  answer: Parameters<typeof SettingForm>[0]["pageAnswer"];
}) {
  return (
    <section aria-labelledby="practice" className="mt-6">
      <h2 id="practice" className="text-xl font-semibold">
        Practice settings
      </h2>
      {mayEdit ? (
        <SettingForm
          intent="set-practice"
          definition={practiceSettingsForm}
          pageAnswer={answer}
          className="mt-3 flex flex-col items-start gap-3 rounded-xl border border-border p-4 text-sm"
        >
          {(form) => (
            <>
              <CheckboxField
                form={form}
                name="noShowCountsAsUsed"
                label="A no-show counts as a used session"
                description="Untick it to give a missed session back to the client."
                defaultChecked={values.noShowCountsAsUsed}
              />
              <TextField
                form={form}
                name="expiryMonths"
                label="Unused sessions expire after N months"
                description={`Months from the day a plan starts (a new plan starts again), ${EXPIRY_MONTHS.min} to ${EXPIRY_MONTHS.max}; empty: never.`}
                inputMode="numeric"
                defaultValue={values.expiryMonths ?? ""}
                compact
                className="w-full sm:w-96"
              />
            </>
          )}
        </SettingForm>
      ) : (
        <p className="mt-1 text-sm">{practiceSummary(values)} Only an admin changes these.</p>
      )}
    </section>
  );
}
