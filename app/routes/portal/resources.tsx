import { Form, Link, useSubmit } from "react-router";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { SafeLink } from "~/components/safe-link";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/fields";
import { RESOURCE_KIND_LABELS } from "~/domain/resource-kinds";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitIf } from "~/server/auth/context.server";
import { modeFor, resourceFilterFrom, resourcesView } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/resources";

export const access = routeAccess({ loader: PORTAL_PAGE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  return resourcesView(
    permitIf(context, "portal.read-own"),
    modeFor(viewer, request, false),
    resourceFilterFrom(request),
  );
}

export const meta = privateMeta("Resources", "Guides, videos and practice sets.");

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { mode, filter, resources, facets } = loaderData;
  const submit = useSubmit();
  const filtered = Boolean(filter.kind || filter.tag);
  return (
    <PortalPage title="Resources" mode={mode}>
      <Form
        method="get"
        role="search"
        aria-label="Filter resources"
        className="flex flex-wrap items-end gap-3"
        onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
      >
        {mode.kind === "demo" && <input type="hidden" name="plan" value={mode.plan} />}
        <FilterSelect
          label="Kind"
          name="kind"
          value={filter.kind}
          allLabel="All kinds"
          options={facets.kinds.map((kind) => ({ value: kind, label: RESOURCE_KIND_LABELS[kind] }))}
        />
        <FilterSelect
          label="Tag"
          name="tag"
          value={filter.tag}
          allLabel="All tags"
          options={facets.tags.map((tag) => ({ value: tag, label: tag }))}
        />
        <noscript>
          <Button type="submit" variant="outline" size="field" weight="normal">
            Filter
          </Button>
        </noscript>
        {filtered && (
          <Link to={mode.kind === "demo" ? `?plan=${mode.plan}` : "."} className="py-2 text-sm underline">
            Clear filters
          </Link>
        )}
      </Form>
      {resources.length === 0 ? (
        <EmptyState>
          {filtered
            ? "No resources match these filters."
            : "No resources yet. Your coach will share guides and practice sets here."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {resources.map((resource) => (
            <li key={resource.id} className="rounded-xl border border-border bg-card p-5">
              <p className="text-xs font-semibold uppercase tracking-wide text-primary">
                {RESOURCE_KIND_LABELS[resource.kind]}
              </p>
              <h2 className="mt-1 font-semibold">
                <SafeLink link={{ label: resource.title, url: resource.url }} />
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Added <LocalDateTime value={resource.createdAt} dateOnly />
              </p>
              {resource.tags.length > 0 && (
                <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
                  {resource.tags.map((tag) => (
                    <li
                      key={tag}
                      className="rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground"
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </PortalPage>
  );
}

/** Keyed by its value, so a link that changes the URL ('Clear filters') resets it. */
function FilterSelect({
  label,
  name,
  value,
  allLabel,
  options,
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <SelectField
      name={name}
      label={label}
      defaultValue={value ?? ""}
      key={`${name}-${value ?? ""}`}
      options={[["", allLabel], ...options.map((option) => [option.value, option.label] as const)]}
    />
  );
}
