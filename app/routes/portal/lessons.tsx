import { AttachedFiles } from "~/components/files/attached-files";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { LinkList, SafeLink } from "~/components/safe-link";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitIf } from "~/server/auth/context.server";
import { lessonsView, modeFor } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/lessons";

export const access = routeAccess({ loader: PORTAL_PAGE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  return lessonsView(
    permitIf(context, "portal.read-own"),
    modeFor(viewer, request, false),
    permitIf(context, "files.own"),
  );
}

export const meta = privateMeta("Lessons", "Your lessons and recordings.");

export default function Lessons({ loaderData }: Route.ComponentProps) {
  const { mode, lessons } = loaderData;
  return (
    <PortalPage title="Lessons" mode={mode}>
      {lessons.length === 0 ? (
        <EmptyState>
          No lessons yet. Notes, recordings and resources from each session will appear here.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {lessons.map((lesson) => (
            <li key={lesson.id}>
              <article
                className="rounded-xl border border-border bg-card p-5"
                aria-labelledby={`lesson-${lesson.id}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                  <h2 id={`lesson-${lesson.id}`} className="text-lg font-semibold">
                    {lesson.title}
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    <LocalDateTime value={lesson.occurredAt} />
                  </p>
                </div>
                {lesson.notes && (
                  <p className="mt-2 whitespace-pre-line text-muted-foreground">{lesson.notes}</p>
                )}
                {lesson.recordingUrl && (
                  <p className="mt-3 text-sm">
                    Recording: <SafeLink link={{ label: "Watch the recording", url: lesson.recordingUrl }} />
                  </p>
                )}
                {lesson.resources.length > 0 && (
                  <div className="mt-3">
                    <h3 className="text-sm font-medium">Resources</h3>
                    <LinkList links={lesson.resources} className="mt-1" />
                  </div>
                )}
                <AttachedFiles
                  files={lesson.files}
                  label="Files from your coach"
                  href={(id) => `/files/${id}`}
                  className="mt-3 text-sm"
                />
              </article>
            </li>
          ))}
        </ol>
      )}
    </PortalPage>
  );
}
