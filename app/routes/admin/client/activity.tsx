import { useFetcher } from "react-router";
import { inputClass } from "~/components/admin/control-classes";
import { useFetcherForm } from "~/components/form";
import { ActivityList } from "~/components/portal/activity-list";
import { Button } from "~/components/ui/button";
import { activityForm, LIMITS } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

// docs/product/screens.md, Client detail; the server's message shows beside the button (docs/product/errors.md).

export function Activity({ data }: { data: ClientData }) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(activityForm, fetcher);
  const { saving } = form;
  return (
    <Section id="activity" title="Recent activity">
      {data.may.addActivity && (
        <fetcher.Form
          method="post"
          ref={form.formRef}
          onSubmit={form.onSubmit}
          className="mb-6 grid gap-3 rounded-xl border border-border bg-card p-3 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="add-activity" />
          <label className="grid gap-1 text-sm sm:col-span-2">
            Activity title
            <input
              {...form.field("title")}
              maxLength={LIMITS.title}
              disabled={saving}
              className={inputClass}
            />
            {form.error("title")}
          </label>
          <label className="grid gap-1 text-sm">
            Details (optional)
            <textarea
              {...form.field("details")}
              rows={2}
              maxLength={LIMITS.details}
              disabled={saving}
              className={inputClass}
            />
            {form.error("details")}
          </label>
          <label className="grid gap-1 text-sm">
            Link (optional)
            <input {...form.field("link")} maxLength={LIMITS.url} disabled={saving} className={inputClass} />
            {form.error("link")}
          </label>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? "Adding…" : "Add activity"}
            </Button>
            {form.message}
          </div>
        </fetcher.Form>
      )}
      <ActivityList entries={data.activity} empty="No activity yet." />
    </Section>
  );
}
