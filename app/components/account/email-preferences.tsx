import { useEffect, useRef } from "react";
import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { compactInputClass } from "~/components/ui/control-classes";
import { Select, SelectField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { IntentForm, SubmitButton } from "~/components/ui/intent-form";
import {
  DELIVERY_LABELS,
  type Delivery,
  deliveriesFor,
  EMAIL_KIND_LABELS,
  type EmailKind,
} from "~/domain/email";
import { deliveryField, emailPreferencesForm } from "~/lib/schemas/email-preferences";

// Kinds that can't be turned off offer no "Off", timely ones no digest (and the server refuses both).

export type EmailPreferencesProps = {
  kinds: { kind: EmailKind; delivery: Delivery; mandatory: boolean }[];
  digestHour: number;
  /** Staff only: when the day's sessions arrive. */
  agendaHour: number | null;
  timeZone: string;
  saved: boolean;
  timeZones: string[];
};

type Props<Answer> = EmailPreferencesProps & {
  /** The page's answer: without JavaScript the form posts as a page, and its answer comes back there. */
  answer?: Answer;
};

/** What the form needs of /account's answer (named by the route: this module can't import it). */
export type EmailPreferencesAnswer = FormAnswer & ({ ok: true; value: { message: string } } | { ok: false });

const HOURS = Array.from({ length: 24 }, (_, hour) => [hour, `${String(hour).padStart(2, "0")}:00`] as const);
const hourChoice = { options: HOURS, compact: true } as const;

export function EmailPreferences<Answer extends EmailPreferencesAnswer>({
  kinds,
  digestHour,
  agendaHour,
  timeZone,
  saved,
  timeZones,
  answer,
}: Props<Answer>) {
  const posted = useAnswerFetcher<Answer>();
  const fetcher = { ...posted, data: posted.data ?? answer };
  const form = useFetcherForm(emailPreferencesForm, fetcher, { reset: false });
  const zone = useRef<HTMLSelectElement>(null);
  // The agenda's hour is staff's only.
  const hours = [
    ["digestHour", "Digest at", digestHour],
    ...(agendaHour === null ? [] : [["agendaHour", "Day's sessions at", agendaHour] as const]),
  ] as const;
  // Never saved: the zone starts as the browser's own, unless the person has already picked one.
  useEffect(() => {
    const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const untouched = zone.current?.value === timeZone;
    if (!saved && zone.current && untouched && timeZones.includes(mine)) zone.current.value = mine;
  }, [saved, timeZone, timeZones]);
  return (
    <HeadedSection id="emails" title="Emails" className="mt-8 rounded-2xl border border-border p-6">
      <p className="mt-2 text-muted-foreground">
        Choose how each kind of email reaches you. Account and payment emails can't be turned off.
      </p>
      <IntentForm fetcher={fetcher} form={form} intent="email-preferences" className="mt-4 grid gap-4">
        <table className="w-full text-sm">
          <ColumnHeaders
            labels={["Email", "How"]}
            rowClassName="text-left"
            cellClassName="py-1 font-medium"
          />
          <tbody>
            {kinds.map(({ kind, delivery }) => (
              <tr key={kind} className="border-t border-border">
                <td className="py-2 pr-3">
                  <label htmlFor={deliveryField(kind)}>{EMAIL_KIND_LABELS[kind]}</label>
                </td>
                <td className="py-2">
                  <Select
                    id={deliveryField(kind)}
                    {...form.field("deliveries", deliveryField(kind))}
                    defaultValue={delivery}
                    // The column's choices share one width: one with fewer options ("At once", "Off") was narrower than the rest.
                    className={`${compactInputClass} w-32`}
                    options={deliveriesFor(kind).map((d) => [d, DELIVERY_LABELS[d]] as const)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {form.error("deliveries")}
        <div className="flex flex-wrap gap-4">
          {hours.map(([name, label, hour]) => (
            <SelectField
              key={name}
              form={form}
              name={name}
              label={label}
              defaultValue={hour}
              {...hourChoice}
            />
          ))}
          <SelectField
            ref={zone}
            form={form}
            name="timeZone"
            label="Time zone"
            defaultValue={timeZone}
            options={timeZones.map((z) => [z, z] as const)}
            compact
          />
        </div>
        {form.message}
        {fetcher.state === "idle" && fetcher.data?.ok ? (
          <p role="status" className="text-sm">
            {fetcher.data.value.message}
          </p>
        ) : null}
        <SubmitButton form={form} submit="Save email choices" className="justify-self-start" />
      </IntentForm>
    </HeadedSection>
  );
}
