import { LightLink } from "~/components/light-link";
import { CalendarDate, LocalDateTime } from "~/components/portal/local-date-time";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { homeworkAwaitingReview, REVIEW_QUEUE_LIMIT } from "~/server/models/review-queue.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/homework";

export const access = routeAccess({ loader: staff("homework.review") });

// The review itself is made on the client's page, beside the rest of their work.

export async function loader({ context }: Route.LoaderArgs) {
  const queue = await homeworkAwaitingReview(await getDb(), permitFor(context, "homework.review"));
  return { ...queue, limit: REVIEW_QUEUE_LIMIT };
}

export const meta = privateMeta("Homework awaiting review", "Homework handed in and waiting for review.");

export default function HomeworkAwaitingReview({ loaderData }: Route.ComponentProps) {
  const { items, more, limit } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Homework awaiting review</h1>
      <p className="mt-1 text-muted-foreground">
        Handed in and not yet reviewed, the longest-waiting first. Open one to review it on the client's page.
      </p>
      {items.length === 0 ? (
        <p className="mt-8 rounded-xl border border-border bg-card p-5 text-muted-foreground">
          No homework waiting for review.
        </p>
      ) : (
        <ol className="mt-6 divide-y divide-border rounded-xl border border-border bg-card">
          {items.map((item) => (
            <li key={item.id} className="relative grid gap-1 p-4 hover:bg-muted/40 sm:grid-cols-[1fr_auto]">
              <div className="min-w-0">
                <LightLink
                  to={`/admin/clients/${item.clientId}#review`}
                  className="font-medium break-words after:absolute after:inset-0 hover:underline"
                >
                  {item.title}
                </LightLink>
                <p className="text-sm break-words text-muted-foreground">
                  {item.clientName || item.clientEmail}
                  {item.clientName ? ` · ${item.clientEmail}` : null}
                </p>
              </div>
              <div className="text-sm text-muted-foreground sm:text-right">
                {item.submittedAt ? (
                  <p>
                    Handed in <LocalDateTime value={item.submittedAt} />
                  </p>
                ) : null}
                {item.dueDate ? (
                  <p>
                    Due <CalendarDate value={item.dueDate} />
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {more ? (
        <p className="mt-4 text-sm text-muted-foreground">
          The {limit} longest-waiting are shown; more will appear as these are reviewed.
        </p>
      ) : null}
    </section>
  );
}
