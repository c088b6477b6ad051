import { useFetcher, useSearchParams } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { useFetcherForm } from "~/components/form";
import { LightLink } from "~/components/light-link";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { IntentForm } from "~/components/ui/intent-form";
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES, outboxKindLabel } from "~/domain/email";
import { can } from "~/domain/policy";
import { retryEmailForm } from "~/lib/schemas/email-retry";
import { privateMeta } from "~/lib/seo";
import { attempt, invalid, readForm } from "~/server/action-result.server";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { listEmails, retryEmail } from "~/server/models/emails.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/emails";

export const access = routeAccess({ loader: staff("emails.read"), action: staff("emails.retry") });

// Without SMTP_URL the messages wait here, marked "not sent" (docs/decisions/0029-email-outbox.md).

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = EMAIL_STATUSES.find((s) => s === params.get("status"));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const result = await listEmails(await getDb(), permitFor(context, "emails.read"), { status, page });
  return { ...result, status: status ?? null, mayRetry: can(currentViewer(context), "emails.retry") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "emails.retry");
  const parsed = retryEmailForm.parse(await readForm(request));
  if (!parsed.ok) return invalid(parsed.error, parsed.field ?? undefined);
  return attempt(async () => retryEmail(await getDb(), permit, parsed.data.id), "Failed to queue the email.");
}

export const meta = privateMeta("Emails", "Emails.");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function Retry({ id }: { id: string }) {
  const fetcher = useFetcher<typeof action>();
  const form = useFetcherForm(retryEmailForm, fetcher, { reset: false });
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      className="mt-2 flex items-center gap-2"
      submit="Send again"
      button={{ variant: "outline", size: "xs", weight: "semibold" }}
    >
      <input type="hidden" {...form.field("id")} value={id} />
    </IntentForm>
  );
}

function Email({ row, mayRetry }: { row: Row; mayRetry: boolean }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold [overflow-wrap:anywhere]">{row.subject}</p>
        <span className="text-sm">{EMAIL_STATUS_LABELS[row.status] ?? row.status}</span>
      </div>
      <p className="text-sm text-muted-foreground">
        To {row.toAddress} · {outboxKindLabel(row.kind)} · <LocalDateTime value={row.createdAt} />
        {row.sentAt ? (
          <>
            {" "}
            · sent <LocalDateTime value={row.sentAt} />
          </>
        ) : null}
      </p>
      {row.lastError && row.status !== "sent" ? (
        <p className="mt-1 text-sm text-destructive">
          {row.status === "pending" ? `Attempt ${row.attempts} failed, trying again: ` : ""}
          {row.lastError}
        </p>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium">Show the email</summary>
        <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-sm">
          {row.text}
        </pre>
        <a
          href={`/admin/emails/${row.id}/html`}
          target="_blank"
          rel="noreferrer"
          className="mt-2 inline-block text-sm underline"
        >
          Open the HTML part (opens in a new tab)
        </a>
      </details>
      {mayRetry && (row.status === "failed" || row.status === "unsent") ? <Retry id={row.id} /> : null}
    </li>
  );
}

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { rows, counts, total, page, pageSize, status, mayRetry } = loaderData;
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const link = (next: Record<string, string | null>) => {
    const query = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) query.delete(k);
      else query.set(k, v);
    }
    return `?${query}`;
  };
  return (
    <AdminPage title="Emails">
      <p className="mt-2 text-muted-foreground">
        <LightLink to="/admin/emails/preview" className="underline underline-offset-2">
          Preview every kind of email
        </LightLink>{" "}
        with sample data, as its recipient gets it, without sending anything.
      </p>
      <nav aria-label="Filter emails" className="mt-4 flex flex-wrap gap-2 text-sm">
        <LightLink
          to={link({ status: null, page: null })}
          aria-current={status === null ? "page" : undefined}
          className="rounded-md border border-border px-3 py-1 aria-[current=page]:bg-muted"
        >
          All
        </LightLink>
        {EMAIL_STATUSES.map((s) => (
          <LightLink
            key={s}
            to={link({ status: s, page: null })}
            aria-current={status === s ? "page" : undefined}
            className="rounded-md border border-border px-3 py-1 aria-[current=page]:bg-muted"
          >
            {EMAIL_STATUS_LABELS[s]} ({counts[s]})
          </LightLink>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="mt-6 text-muted-foreground">No emails yet.</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {rows.map((row) => (
            <Email key={row.id} row={row} mayRetry={mayRetry} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex gap-3 text-sm">
          {page > 1 ? <LightLink to={link({ page: String(page - 1) })}>Previous</LightLink> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <LightLink to={link({ page: String(page + 1) })}>Next</LightLink> : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
