import { useFetcher } from "react-router";
import { inputClass } from "~/components/admin/control-classes";
import { RowButton } from "~/components/admin/row-button";
import { useFetcherForm } from "~/components/form";
import { SafeLink } from "~/components/safe-link";
import { Button } from "~/components/ui/button";
import { RESOURCE_KIND_LABELS, RESOURCE_KINDS } from "~/domain/resource-kinds";
import { LIMITS, removeResourceForm, resourceForm } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

function AddResource() {
  const add = useFetcher<ClientAnswer>();
  const form = useFetcherForm(resourceForm, add);
  const { saving } = form;
  return (
    <add.Form
      method="post"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      className="mb-6 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value="add-resource" />
      <label className="grid gap-1 text-sm">
        Kind
        <select {...form.field("kind")} disabled={saving} className={inputClass} defaultValue="guide">
          {RESOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {RESOURCE_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        {form.error("kind")}
      </label>
      <label className="grid gap-1 text-sm">
        Resource title
        <input {...form.field("title")} maxLength={LIMITS.title} disabled={saving} className={inputClass} />
        {form.error("title")}
      </label>
      <label className="grid gap-1 text-sm">
        URL
        <input
          {...form.field("url")}
          type="url"
          placeholder="https://"
          maxLength={LIMITS.url}
          disabled={saving}
          className={inputClass}
        />
        {form.error("url")}
      </label>
      <label className="grid gap-1 text-sm">
        Tags (comma-separated, optional)
        <input {...form.field("tags")} maxLength={LIMITS.tagsText} disabled={saving} className={inputClass} />
        {form.error("tags")}
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Adding…" : "Add resource"}
        </Button>
        {form.message}
      </div>
    </add.Form>
  );
}

export function ResourcesSection({ data }: { data: ClientData }) {
  return (
    <Section id="resources" title="Resources">
      {data.may.resources && <AddResource />}
      {data.resources.length === 0 ? (
        <p className="text-muted-foreground">No resources yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {data.resources.map((resource) => (
            <li key={resource.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span>
                <span className="text-xs font-semibold uppercase text-primary">
                  {RESOURCE_KIND_LABELS[resource.kind]}
                </span>{" "}
                <SafeLink link={{ label: resource.title, url: resource.url }} />
                {resource.tags.length > 0 && (
                  <span className="ml-2 text-sm text-muted-foreground">{resource.tags.join(", ")}</span>
                )}
              </span>
              {data.may.resources && (
                <RowButton<ClientAnswer, "resourceId">
                  form={removeResourceForm}
                  intent="remove-resource"
                  idField="resourceId"
                  id={resource.id}
                  label={`Remove ${resource.title}`}
                >
                  Remove
                </RowButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
