import { useFetcher } from "react-router";
import { useFetcherForm } from "~/components/form";
import { ActivityList } from "~/components/portal/activity-list";
import { AddCard, TextareaField, TextField } from "~/components/ui/fields";
import { activityForm, LIMITS } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

// docs/product/screens.md, Client detail; the server's message shows beside the button (docs/product/errors.md).

export function Activity({ data }: { data: ClientData }) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(activityForm, fetcher);
  // Every field waits while the card saves.
  const field = { form, disabled: form.saving };
  return (
    <Section id="activity" title="Recent activity">
      {data.may.addActivity && (
        <AddCard
          fetcher={fetcher}
          form={form}
          intent="add-activity"
          submit="Add activity"
          busy="Adding…"
          className="mb-6 p-3"
        >
          <TextField
            {...field}
            name="title"
            label="Activity title"
            maxLength={LIMITS.title}
            className="sm:col-span-2"
          />
          <TextareaField
            {...field}
            name="details"
            label="Details (optional)"
            rows={2}
            maxLength={LIMITS.details}
          />
          <TextField {...field} name="link" label="Link (optional)" maxLength={LIMITS.url} />
        </AddCard>
      )}
      <ActivityList entries={data.activity} empty="No activity yet." />
    </Section>
  );
}
