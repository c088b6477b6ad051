import { useFetcher } from "react-router";
import { RowButton } from "~/components/admin/row-button";
import { useFetcherForm } from "~/components/form";
import { SafeLink } from "~/components/safe-link";
import { AddCard, SelectField, TextField } from "~/components/ui/fields";
import { RESOURCE_KIND_LABELS, RESOURCE_KINDS } from "~/domain/resource-kinds";
import { LIMITS, removeResourceForm, resourceForm } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

function AddResource() {
  const add = useFetcher<ClientAnswer>();
  const form = useFetcherForm(resourceForm, add);
  // Every field waits while the card saves.
  const field = { form, disabled: form.saving };
  return (
    <AddCard fetcher={add} form={form} intent="add-resource" submit="Add resource" busy="Adding…">
      <SelectField
        {...field}
        name="kind"
        label="Kind"
        defaultValue="guide"
        options={RESOURCE_KINDS.map((kind) => [kind, RESOURCE_KIND_LABELS[kind]] as const)}
      />
      <TextField {...field} name="title" label="Resource title" maxLength={LIMITS.title} />
      <TextField {...field} name="url" label="URL" type="url" placeholder="https://" maxLength={LIMITS.url} />
      <TextField
        {...field}
        name="tags"
        label="Tags (comma-separated, optional)"
        maxLength={LIMITS.tagsText}
      />
    </AddCard>
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
