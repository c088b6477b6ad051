import { Link, redirect, data as refusal, useFetcher, useFetchers } from "react-router";
import { buttonClass, FetcherError, inputClass, primaryButtonClass } from "~/components/admin/fetcher-error";
import { ActivityList } from "~/components/portal/activity-list";
import { CalendarDate, LocalDateTime } from "~/components/portal/local-date-time";
import { QuotaCard } from "~/components/portal/quota-card";
import { SpecialItemList } from "~/components/portal/special-items";
import { LinkList, SafeLink } from "~/components/safe-link";
import {
  CLIENT_DETAIL_ACTIVITY_LIMIT,
  effectivePlan,
  HOMEWORK_STATUS_LABELS,
  PLAN_LABELS,
  PLANS,
  ROLES,
} from "~/domain/plans";
import { RESOURCE_KIND_LABELS, RESOURCE_KINDS } from "~/domain/resource-kinds";
import { adjustableQuotas, canDecrement, specialItems, usageSummary } from "~/domain/usage";
import { errorCopy } from "~/lib/error-copy";
import {
  activitySchema,
  amountSchema,
  confirmEmailSchema,
  DELETE_MISMATCH,
  firstError,
  homeworkAssignSchema,
  homeworkReviewSchema,
  idSchema,
  kindSchema,
  LIMITS,
  planSchema,
  resourceSchema,
  roleSchema,
} from "~/lib/schemas/admin";
import { seo } from "~/lib/seo";
import { attempt, invalid, readForm } from "~/server/action-result.server";
import { currentViewer } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { auditTrail } from "~/server/models/audit.server";
import {
  activitiesFor,
  addActivity,
  addResource,
  adjustUsage,
  assignHomework,
  homeworkFor,
  lessonsFor,
  removeResource,
  resourcesFor,
  reviewHomework,
  usageFor,
} from "~/server/models/client-records.server";
import { deletePerson } from "~/server/models/data-rights.server";
import { getPerson, setPlan, setRole } from "~/server/models/people.server";
import { assertCan, can } from "~/server/policy.server";
import type { Route } from "./+types/client";

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw refusal({ error: "No one with that id." }, { status: 404 });
  const db = await getDb();
  const person = await getPerson(db, viewer, id.data);
  const [usage, activity, homework, lessons, resources, trail] = await Promise.all([
    usageFor(db, viewer, person.id),
    activitiesFor(db, viewer, person.id, CLIENT_DETAIL_ACTIVITY_LIMIT),
    homeworkFor(db, viewer, person.id),
    lessonsFor(db, viewer, person.id),
    resourcesFor(db, viewer, person.id),
    auditTrail(db, viewer, person.id),
  ]);
  const plan = effectivePlan(person.plan);
  const summary = usageSummary(plan, usage);
  return {
    person,
    plan,
    quotas: adjustableQuotas(summary),
    specials: specialItems(summary),
    activity,
    homework,
    lessons,
    resources,
    trail,
    isSelf: person.id === viewer.id,
    may: {
      setRole: can(viewer, "profile.set-role"),
      setPlan: can(viewer, "profile.set-plan"),
      adjust: can(viewer, "usage.adjust"),
      mark: can(viewer, "special-item.mark"),
      addActivity: can(viewer, "activity.create"),
      homework: can(viewer, "homework.assign"),
      resources: can(viewer, "resource.manage"),
      lessons: can(viewer, "lesson.create"),
      deletePerson: can(viewer, "profile.delete"),
    },
  };
}

const formValue = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
};
const formValues = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

/** The action's intents (each has an entry in the authorization matrix, app/server/route-access.ts). */
export const INTENTS = [
  "set-role",
  "set-plan",
  "adjust",
  "add-activity",
  "assign-homework",
  "review-homework",
  "add-resource",
  "remove-resource",
  "delete-person",
] as const;

// One action, keyed by intent. Every model call asks the policy itself; a refusal comes back as
// { ok: false, error } with its status and changes nothing.
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = currentViewer(context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) return invalid("That person was not found.");
  const clientId = id.data;
  const form = await readForm(request, { repeatable: ["linkLabel", "linkUrl"] });
  const db = await getDb();

  switch (INTENTS.find((intent) => intent === form.get("intent"))) {
    case "set-role": {
      const role = roleSchema.safeParse(form.get("role"));
      if (!role.success) return invalid(firstError(role.error));
      return attempt(() => setRole(db, viewer, clientId, role.data));
    }
    case "set-plan": {
      const plan = planSchema.safeParse(form.get("plan"));
      if (!plan.success) return invalid(firstError(plan.error));
      return attempt(() => setPlan(db, viewer, clientId, plan.data));
    }
    case "adjust": {
      const kind = kindSchema.safeParse(form.get("kind"));
      const amount = amountSchema.safeParse(form.get("amount"));
      if (!kind.success) return invalid(firstError(kind.error));
      if (!amount.success) return invalid(firstError(amount.error));
      return attempt(() => adjustUsage(db, viewer, clientId, kind.data, amount.data));
    }
    case "add-activity": {
      const parsed = activitySchema.safeParse({
        title: formValue(form, "title") ?? "",
        details: formValue(form, "details"),
        link: formValue(form, "link"),
      });
      if (!parsed.success) return invalid(firstError(parsed.error));
      return attempt(() => addActivity(db, viewer, clientId, parsed.data));
    }
    case "assign-homework": {
      const parsed = homeworkAssignSchema.safeParse({
        title: formValue(form, "title") ?? "",
        dueDate: formValue(form, "dueDate"),
        description: formValue(form, "description"),
        links: { labels: formValues(form, "linkLabel"), urls: formValues(form, "linkUrl") },
      });
      if (!parsed.success) return invalid(firstError(parsed.error));
      return attempt(() => assignHomework(db, viewer, clientId, parsed.data));
    }
    case "review-homework": {
      const parsed = homeworkReviewSchema.safeParse({
        homeworkId: formValue(form, "homeworkId"),
        feedback: formValue(form, "feedback"),
      });
      if (!parsed.success) return invalid(firstError(parsed.error));
      return attempt(() =>
        reviewHomework(db, viewer, parsed.data.homeworkId, parsed.data.feedback, clientId),
      );
    }
    case "add-resource": {
      const parsed = resourceSchema.safeParse({
        kind: formValue(form, "kind"),
        title: formValue(form, "title") ?? "",
        url: formValue(form, "url") ?? "",
        tags: formValue(form, "tags"),
      });
      if (!parsed.success) return invalid(firstError(parsed.error));
      return attempt(() => addResource(db, viewer, clientId, parsed.data));
    }
    case "remove-resource": {
      const resourceId = idSchema.safeParse(form.get("resourceId"));
      if (!resourceId.success) return invalid("That resource was not found.");
      return attempt(() => removeResource(db, viewer, clientId, resourceId.data));
    }
    case "delete-person": {
      // docs/decisions/0016-data-rights.md: the admin types the person's email to confirm.
      const typed = confirmEmailSchema.safeParse(formValue(form, "confirmEmail") ?? "");
      return attempt(async () => {
        assertCan(viewer, "profile.delete");
        const person = await getPerson(db, viewer, clientId);
        if (!typed.success || typed.data !== person.email.toLowerCase()) {
          throw refusal({ error: DELETE_MISMATCH }, { status: 400 });
        }
        await deletePerson(db, viewer, clientId);
        throw redirect("/admin/clients");
      }, "Failed to delete.");
    }
    default:
      return invalid("Unknown action.");
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData ? loaderData.person.fullName || loaderData.person.email : "Client";
  return seo(matches, { title: name, description: "Client detail.", path: "/admin/clients", noindex: true });
}

type Data = Route.ComponentProps["loaderData"];

const backToClients = (
  <p>
    <Link to="/admin/clients" className="text-sm text-muted-foreground underline underline-offset-2">
      ← Back to Clients
    </Link>
  </p>
);

/** A person who can't be loaded: the reason in the server's words (SPEC §8), and the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, message } = errorCopy(error);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      {backToClients}
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p role="alert" className="mt-3 text-danger">
        {message}
      </p>
    </div>
  );
}

export default function ClientDetail({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { person } = data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      {backToClients}
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{person.fullName || person.email}</h1>
      <p className="text-muted-foreground">{person.email}</p>
      {(person.role === "client" || person.role === "lead") && <JumpLinks />}

      <div className="mt-8 grid gap-10">
        <RoleAndPlan data={data} />
        {person.role === "client" || person.role === "lead" ? (
          <>
            <Quotas data={data} />
            <SpecialItems data={data} />
            <Activity data={data} />
            <HomeworkSection data={data} />
            <LessonsSection data={data} />
            <ResourcesSection data={data} />
          </>
        ) : (
          <p className="text-muted-foreground">
            Coaches and admins have no plan, quotas or coaching records.
          </p>
        )}
        <Trail data={data} />
        {data.may.deletePerson && !data.isSelf && <DeletePersonSection data={data} />}
      </div>
    </div>
  );
}

/** The page's sections, for the links that jump to them (the page is long, on a phone most of all). */
const JUMPS = [
  ["quotas", "Quotas"],
  ["specials", "Special items"],
  ["activity", "Activity"],
  ["homework", "Homework"],
  ["lessons", "Lessons"],
  ["resources", "Resources"],
  ["trail", "Audit trail"],
] as const;

function JumpLinks() {
  return (
    <nav aria-label="On this page" className="mt-4">
      <ul className="flex flex-wrap gap-2 text-sm">
        {JUMPS.map(([id, label]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-block rounded-full border border-border px-3 py-1 hover:bg-muted"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="scroll-mt-20 text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function RoleAndPlan({ data }: { data: Data }) {
  const role = useFetcher<typeof action>();
  const plan = useFetcher<typeof action>();
  const saving = role.state !== "idle" || plan.state !== "idle";
  const lockedRole = !data.may.setRole || data.isSelf;
  return (
    <Section id="account" title="Role and plan">
      <div className="flex flex-wrap gap-6">
        <role.Form method="post" className="grid gap-1">
          <input type="hidden" name="intent" value="set-role" />
          <label htmlFor="role" className="text-sm font-medium">
            Role
          </label>
          <select
            id="role"
            name="role"
            defaultValue={data.person.role}
            key={`role-${data.person.role}`}
            disabled={saving || lockedRole}
            onChange={(event) => role.submit(event.currentTarget.form)}
            className={inputClass}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <FetcherError data={role.data} />
        </role.Form>
        <plan.Form method="post" className="grid gap-1">
          <input type="hidden" name="intent" value="set-plan" />
          <label htmlFor="plan" className="text-sm font-medium">
            Plan
          </label>
          <select
            id="plan"
            name="plan"
            defaultValue={data.plan}
            key={`plan-${data.plan}`}
            disabled={saving || !data.may.setPlan}
            onChange={(event) => plan.submit(event.currentTarget.form)}
            className={inputClass}
          >
            {PLANS.map((p) => (
              <option key={p} value={p}>
                {PLAN_LABELS[p]}
              </option>
            ))}
          </select>
          <FetcherError data={plan.data} />
        </plan.Form>
        <noscript>
          <p className="text-sm text-muted-foreground">Role and plan changes need JavaScript.</p>
        </noscript>
      </div>
      {!data.may.setRole && (
        <p className="mt-2 text-sm text-muted-foreground">Only an admin can change role and plan.</p>
      )}
      {data.may.setRole && data.isSelf && (
        <p className="mt-2 text-sm text-muted-foreground">You can't change your own role.</p>
      )}
    </Section>
  );
}

/** While any quota or special-item change is saving, every such control waits (SPEC §5). */
function useUsageSaving(): boolean {
  return useFetchers().some(
    (fetcher) => fetcher.state !== "idle" && fetcher.formData?.get("intent") === "adjust",
  );
}

function AdjustButton({
  kind,
  amount,
  disabled,
  label,
}: {
  kind: string;
  amount: 1 | -1;
  disabled: boolean;
  label: string;
}) {
  const fetcher = useFetcher<typeof action>();
  const working = useUsageSaving() || fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="inline-flex flex-col items-start gap-1">
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="amount" value={amount} />
      <button type="submit" disabled={disabled || working} className={buttonClass}>
        {amount === 1 ? "+1" : "-1"}
        <span className="sr-only"> {label}</span>
      </button>
      <FetcherError data={fetcher.data} />
    </fetcher.Form>
  );
}

function Quotas({ data }: { data: Data }) {
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
                  <AdjustButton kind={item.kind} amount={1} disabled={false} label={item.label} />
                  <AdjustButton
                    kind={item.kind}
                    amount={-1}
                    disabled={!canDecrement(item.used)}
                    label={item.label}
                  />
                </div>
              )}
            </QuotaCard>
          ))}
        </div>
      )}
    </Section>
  );
}

function MarkButton({ kind, completed, label }: { kind: string; completed: boolean; label: string }) {
  const fetcher = useFetcher<typeof action>();
  const working = useUsageSaving() || fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="inline-flex items-center gap-2">
      <input type="hidden" name="intent" value="adjust" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="amount" value={completed ? -1 : 1} />
      <button
        type="submit"
        disabled={working}
        className={buttonClass}
        aria-label={`${completed ? "Undo" : "Mark done"}: ${label}`}
      >
        {completed ? "Undo" : "Mark done"}
      </button>
      <FetcherError data={fetcher.data} />
    </fetcher.Form>
  );
}

function SpecialItems({ data }: { data: Data }) {
  return (
    <Section id="specials" title="Special items">
      <SpecialItemList
        items={data.specials}
        action={
          data.may.mark
            ? (item) => <MarkButton kind={item.kind} completed={item.completed} label={item.label} />
            : undefined
        }
      />
    </Section>
  );
}

function Activity({ data }: { data: Data }) {
  const fetcher = useFetcher<typeof action>();
  const saving = fetcher.state !== "idle";
  const justSaved = fetcher.state === "idle" && fetcher.data?.ok === true;
  return (
    <Section id="activity" title="Recent activity">
      {data.may.addActivity && (
        <fetcher.Form
          method="post"
          // Cleared after a successful save only: a refused entry keeps what was typed.
          key={justSaved ? `saved-${data.activity[0]?.id ?? ""}` : "activity-form"}
          className="mb-6 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="add-activity" />
          <label className="grid gap-1 text-sm sm:col-span-2">
            Activity title
            <input name="title" maxLength={LIMITS.title} disabled={saving} className={inputClass} />
          </label>
          <label className="grid gap-1 text-sm">
            Details (optional)
            <textarea
              name="details"
              rows={2}
              maxLength={LIMITS.details}
              disabled={saving}
              className={inputClass}
            />
          </label>
          <label className="grid gap-1 text-sm">
            Link (optional)
            <input name="link" maxLength={LIMITS.url} disabled={saving} className={inputClass} />
          </label>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <button type="submit" disabled={saving} className={primaryButtonClass}>
              {saving ? "Adding…" : "Add activity"}
            </button>
            <FetcherError data={fetcher.data} />
          </div>
        </fetcher.Form>
      )}
      <ActivityList entries={data.activity} empty="No activity yet." />
    </Section>
  );
}

function LinkRowsInputs({ disabled }: { disabled: boolean }) {
  // Two rows are enough for homework; empty rows are dropped (SPEC §5 rules).
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="text-sm">Links (optional)</legend>
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-2">
          <input
            name="linkLabel"
            aria-label={`Link ${i + 1} label`}
            placeholder="Label"
            maxLength={LIMITS.label}
            disabled={disabled}
            className={inputClass}
          />
          <input
            name="linkUrl"
            aria-label={`Link ${i + 1} URL`}
            placeholder="https://"
            maxLength={LIMITS.url}
            disabled={disabled}
            className={inputClass}
          />
        </div>
      ))}
    </fieldset>
  );
}

function HomeworkSection({ data }: { data: Data }) {
  const assign = useFetcher<typeof action>();
  const saving = assign.state !== "idle";
  const justSaved = assign.state === "idle" && assign.data?.ok === true;
  return (
    <Section id="homework" title="Homework">
      {data.may.homework && (
        <assign.Form
          method="post"
          key={justSaved ? `assigned-${data.homework.length}` : "assign-form"}
          className="mb-6 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="assign-homework" />
          <label className="grid gap-1 text-sm">
            Homework title
            <input name="title" maxLength={LIMITS.title} disabled={saving} className={inputClass} />
          </label>
          <label className="grid gap-1 text-sm">
            Due date (optional)
            <input name="dueDate" type="date" disabled={saving} className={inputClass} />
          </label>
          <label className="grid gap-1 text-sm sm:col-span-2">
            Description (optional)
            <textarea
              name="description"
              rows={2}
              maxLength={LIMITS.details}
              disabled={saving}
              className={inputClass}
            />
          </label>
          <LinkRowsInputs disabled={saving} />
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <button type="submit" disabled={saving} className={primaryButtonClass}>
              {saving ? "Assigning…" : "Assign homework"}
            </button>
            <FetcherError data={assign.data} />
          </div>
        </assign.Form>
      )}
      {data.homework.length === 0 ? (
        <p className="text-muted-foreground">No homework yet.</p>
      ) : (
        <ul className="space-y-3">
          {data.homework.map((item) => (
            <li key={item.id} className="rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{item.title}</p>
                <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold">
                  {HOMEWORK_STATUS_LABELS[item.status]}
                </span>
              </div>
              <p className="text-sm text-muted-foreground">
                {item.dueDate ? (
                  <>
                    Due <CalendarDate value={item.dueDate} />
                  </>
                ) : (
                  "No due date"
                )}
              </p>
              {item.description && <p className="mt-1 text-sm">{item.description}</p>}
              <LinkList links={item.links} className="mt-1" />
              {item.submittedAt && (
                <div className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm">
                  <p>
                    Handed in <LocalDateTime value={item.submittedAt} />
                  </p>
                  {item.submissionUrl && (
                    <SafeLink link={{ label: item.submissionUrl, url: item.submissionUrl }} />
                  )}
                  {item.submissionNote && <p className="whitespace-pre-line">{item.submissionNote}</p>}
                </div>
              )}
              {item.status === "reviewed" && item.feedback && (
                <p className="mt-2 text-sm">
                  <span className="font-medium">Feedback:</span> {item.feedback}
                </p>
              )}
              {item.status === "submitted" && data.may.homework && (
                <ReviewForm homeworkId={item.id} title={item.title} />
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function ReviewForm({ homeworkId, title }: { homeworkId: string; title: string }) {
  const fetcher = useFetcher<typeof action>();
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="mt-3 grid gap-2">
      <input type="hidden" name="intent" value="review-homework" />
      <input type="hidden" name="homeworkId" value={homeworkId} />
      <label className="grid gap-1 text-sm">
        Feedback for {title} (the client sees it)
        <textarea
          name="feedback"
          rows={2}
          maxLength={LIMITS.details}
          disabled={saving}
          className={inputClass}
        />
      </label>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={saving} className={buttonClass}>
          {saving ? "Saving…" : "Mark reviewed"}
        </button>
        <FetcherError data={fetcher.data} />
      </div>
    </fetcher.Form>
  );
}

function LessonsSection({ data }: { data: Data }) {
  return (
    <Section id="lessons" title="Lessons">
      {data.may.lessons && (
        <p className="mb-3">
          <Link
            to="/admin/lessons/new"
            className="text-sm font-medium text-primary underline underline-offset-2"
          >
            Add Lesson
          </Link>
        </p>
      )}
      {data.lessons.length === 0 ? (
        <p className="text-muted-foreground">No lessons yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {data.lessons.map((lesson) => (
            <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-medium">{lesson.title}</span>
                <span className="block whitespace-nowrap text-sm text-muted-foreground">
                  <LocalDateTime value={lesson.occurredAt} />
                </span>
              </span>
              {data.may.lessons && (
                <Link
                  to={`/admin/lessons/${lesson.id}`}
                  className="text-sm underline"
                  aria-label={`Edit ${lesson.title}`}
                >
                  Edit
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function RemoveResource({ id, title }: { id: string; title: string }) {
  const fetcher = useFetcher<typeof action>();
  return (
    <fetcher.Form method="post" className="inline-flex items-center gap-2">
      <input type="hidden" name="intent" value="remove-resource" />
      <input type="hidden" name="resourceId" value={id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className={buttonClass}
        aria-label={`Remove ${title}`}
      >
        Remove
      </button>
      <FetcherError data={fetcher.data} />
    </fetcher.Form>
  );
}

function ResourcesSection({ data }: { data: Data }) {
  const add = useFetcher<typeof action>();
  const saving = add.state !== "idle";
  const justSaved = add.state === "idle" && add.data?.ok === true;
  return (
    <Section id="resources" title="Resources">
      {data.may.resources && (
        <add.Form
          method="post"
          key={justSaved ? `added-${data.resources.length}` : "resource-form"}
          className="mb-6 grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="add-resource" />
          <label className="grid gap-1 text-sm">
            Kind
            <select name="kind" disabled={saving} className={inputClass} defaultValue="guide">
              {RESOURCE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {RESOURCE_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            Resource title
            <input name="title" maxLength={LIMITS.title} disabled={saving} className={inputClass} />
          </label>
          <label className="grid gap-1 text-sm">
            URL
            <input
              name="url"
              type="url"
              placeholder="https://"
              maxLength={LIMITS.url}
              disabled={saving}
              className={inputClass}
            />
          </label>
          <label className="grid gap-1 text-sm">
            Tags (comma-separated, optional)
            <input
              name="tags"
              maxLength={LIMITS.tags * (LIMITS.tag + 2)}
              disabled={saving}
              className={inputClass}
            />
          </label>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <button type="submit" disabled={saving} className={primaryButtonClass}>
              {saving ? "Adding…" : "Add resource"}
            </button>
            <FetcherError data={add.data} />
          </div>
        </add.Form>
      )}
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
              {data.may.resources && <RemoveResource id={resource.id} title={resource.title} />}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const ACTION_LABELS: Record<string, string> = {
  "lead.convert": "Converted to client",
  "profile.set-role": "Role changed",
  "profile.set-plan": "Plan changed",
  "usage.adjust": "Quota adjusted",
  "special-item.mark-done": "Marked done",
  "special-item.undo": "Undone",
  "activity.create": "Activity added",
  "lesson.create": "Lesson added",
  "lesson.update": "Lesson edited",
  "lesson.delete": "Lesson deleted",
  "homework.assign": "Homework assigned",
  "homework.review": "Homework reviewed",
  "resource.add": "Resource added",
  "resource.remove": "Resource removed",
  "data.deletion-requested": "Deletion requested",
};

function describeChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => {
      const from = before?.[key];
      const to = after?.[key];
      const show = (v: unknown) =>
        v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v);
      return before && after ? `${key}: ${show(from)} → ${show(to)}` : `${key}: ${show(to ?? from)}`;
    })
    .join("; ");
}

function Trail({ data }: { data: Data }) {
  return (
    <Section id="trail" title="Audit trail">
      {data.trail.length === 0 ? (
        <p className="text-muted-foreground">No changes recorded yet.</p>
      ) : (
        <ol className="divide-y divide-border rounded-xl border border-border bg-card text-sm">
          {data.trail.map((event) => (
            <li key={event.id} className="grid gap-1 px-4 py-2 sm:grid-cols-[12rem_1fr_auto]">
              <span className="font-medium">{ACTION_LABELS[event.action] ?? event.action}</span>
              <span className="break-words text-muted-foreground">
                {describeChange(event.before, event.after)}
              </span>
              <span className="text-muted-foreground">
                {event.actorName ?? event.actorEmail ?? "someone"} · <LocalDateTime value={event.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** Admin only: delete this person for good, after typing their email (docs/decisions/0016). */
function DeletePersonSection({ data }: { data: Data }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  return (
    <Section id="delete-person" title="Delete this person">
      <p className="text-sm text-muted-foreground">
        Removes their profile, sign-ins, sessions and every record of theirs (usage, activities, lessons,
        homework, resources, audit trail). Records they wrote for others stay, without their name. This can't
        be undone.
      </p>
      <fetcher.Form method="post" className="mt-3 grid max-w-md gap-2">
        <input type="hidden" name="intent" value="delete-person" />
        <label htmlFor="confirmEmail" className="text-sm font-medium">
          Type {data.person.email} to confirm
        </label>
        <input
          id="confirmEmail"
          name="confirmEmail"
          type="text"
          autoComplete="off"
          required
          disabled={busy}
          className={inputClass}
        />
        <FetcherError data={fetcher.data} />
        <button
          type="submit"
          disabled={busy}
          className="justify-self-start rounded-md border border-danger px-4 py-2 text-sm font-semibold text-danger hover:bg-danger/10 disabled:opacity-60"
        >
          Delete this person
        </button>
      </fetcher.Form>
    </Section>
  );
}
