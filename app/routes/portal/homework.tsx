import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { AttachedFiles, AttachInput } from "~/components/files/attached-files";
import { useFetcherForm } from "~/components/form";
import { DueDate, LocalDateTime } from "~/components/portal/local-date-time";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { LinkList, SafeLink } from "~/components/safe-link";
import { TextareaField, TextField } from "~/components/ui/fields";
import { IntentForm } from "~/components/ui/intent-form";
import { HOMEWORK_STATUS_LABELS, type HomeworkStatus } from "~/domain/plans";
import { ANSWERED_ID } from "~/lib/hydrate-on-intent";
import {
  HAND_IN_MAX_FILES,
  homeworkSubmissionForm,
  SUBMISSION_NOTE_MAX,
  SUBMISSION_URL_MAX,
} from "~/lib/schemas/homework";
import { privateMeta } from "~/lib/seo";
import { attempt } from "~/server/action-result.server";
import { currentViewer, permitFor, permitIf } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { receiveFormWithFiles } from "~/server/entries/staged-upload.server";
import { submitHomework } from "~/server/models/portal.server";
import { homeworkView, modeFor } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/homework";

export const access = routeAccess({ loader: PORTAL_PAGE, action: portal("homework.submit-own") });
// A hand-in may carry files: a multipart post streams to the action (app/server/files/upload.server.ts).
export const streamsUploads = true;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  return homeworkView(
    permitIf(context, "portal.read-own"),
    modeFor(viewer, request, false),
    permitIf(context, "files.own"),
  );
}

/** The link, the note and up to five files, in one form (docs/decisions/0043-file-storage.md, "Attachments"). */
export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "homework.submit-own");
  const filePermit = permitFor(context, "files.own");
  return attempt(async () => {
    await receiveFormWithFiles(request, {
      form: homeworkSubmissionForm,
      permit: filePermit,
      target: ({ homeworkId }) => ({ ownerId: permit.actor.id, homeworkId }),
      commit: async (data, staged) =>
        submitHomework(await getDb(), permit, data.homeworkId, data, { permit: filePermit, staged }),
    });
    return null;
  });
}

export const meta = privateMeta("Homework", "Your homework.");

const BADGE: Record<HomeworkStatus, string> = {
  assigned: "bg-muted text-foreground",
  submitted: "bg-accent text-accent-foreground",
  reviewed: "bg-success/15 text-success",
};

export function StatusBadge({ status }: { status: HomeworkStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[status]}`}>
      {HOMEWORK_STATUS_LABELS[status]}
    </span>
  );
}

export default function Homework({ loaderData }: Route.ComponentProps) {
  const { mode, homework } = loaderData;
  return (
    <PortalPage title="Homework" mode={mode}>
      {homework.length === 0 ? (
        <EmptyState>
          No homework yet. When your coach assigns something, it shows up here with its due date.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {homework.map((item) => (
            <li key={item.id}>
              <article
                className="rounded-xl border border-border bg-card p-5"
                aria-labelledby={`hw-${item.id}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`hw-${item.id}`} className="text-lg font-semibold">
                    {item.title}
                  </h2>
                  <StatusBadge status={item.status} />
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  <DueDate value={item.dueDate} />
                </p>
                {item.description && <p className="mt-2 whitespace-pre-line">{item.description}</p>}
                <LinkList links={item.links} className="mt-2" />
                {item.submittedAt && (
                  <div className="mt-4 rounded-lg bg-muted px-4 py-3 text-sm">
                    <p className="font-medium">
                      You handed this in on <LocalDateTime value={item.submittedAt} />
                    </p>
                    {item.submissionUrl && (
                      <p className="mt-1">
                        <SafeLink link={{ label: item.submissionUrl, url: item.submissionUrl }} />
                      </p>
                    )}
                    {item.submissionNote && <p className="mt-1 whitespace-pre-line">{item.submissionNote}</p>}
                    <AttachedFiles files={item.files.handedIn} label="Your files" href={download} />
                  </div>
                )}
                {item.status === "reviewed" && (item.feedback || item.files.handedBack.length > 0) && (
                  <div className="mt-3 rounded-lg border border-success/40 px-4 py-3 text-sm">
                    <p className="font-medium text-success">Coach's feedback</p>
                    {item.feedback && <p className="mt-1 whitespace-pre-line">{item.feedback}</p>}
                    <AttachedFiles
                      files={item.files.handedBack}
                      label="Files from your coach"
                      href={download}
                    />
                  </div>
                )}
                {item.status !== "reviewed" &&
                  (mode.kind === "real" ? (
                    <SubmitForm homeworkId={item.id} resubmit={item.status === "submitted"} />
                  ) : (
                    <p className="mt-3 text-sm text-muted-foreground">Clients hand in their work here.</p>
                  ))}
              </article>
            </li>
          ))}
        </ol>
      )}
    </PortalPage>
  );
}

const download = (id: string) => `/files/${id}`;

function SubmitForm({ homeworkId, resubmit }: { homeworkId: string; resubmit: boolean }) {
  const fetcher = useFetcher<typeof action>();
  // Typed text stays after a hand-in: "Update your submission" shows it.
  // A first visit may post it as a document: its answer then comes back as the page's (usePageAnswer).
  const form = useFetcherForm(homeworkSubmissionForm, fetcher, { reset: false, answerFor: homeworkId });
  const saving = form.saving;
  const handedIn = form.answer?.ok === true && !saving;
  const answeredHere = fetcher.data === undefined && form.answer !== undefined;
  const confirmation = useRef<HTMLParagraphElement>(null);
  // The disabled Submit button dropped keyboard focus: put it on the answer.
  useEffect(() => {
    if (!handedIn) return;
    confirmation.current?.focus();
    // The text stays to be edited; the files went with the hand-in and are listed above it.
    const chosen = form.formRef.current?.elements.namedItem("file");
    if (chosen instanceof HTMLInputElement) chosen.value = "";
  }, [handedIn, form.formRef]);
  return (
    // On the page a first visit posted as, app/enhancers/wake.ts brings this answer into view and focuses it.
    <div id={answeredHere ? ANSWERED_ID : undefined}>
      <details className="mt-4 group" open={!resubmit || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-primary">
          {resubmit ? "Update your submission" : "Submit your work"}
        </summary>
        <IntentForm
          fetcher={fetcher}
          form={form}
          encType="multipart/form-data"
          hidden={{ homeworkId }}
          className="mt-3 grid gap-3"
          submit="Submit"
          busy="Submitting…"
          footer="flex flex-wrap items-center gap-3"
        >
          <TextField
            form={form}
            name="url"
            label="Link (optional)"
            type="url"
            inputMode="url"
            maxLength={SUBMISSION_URL_MAX}
            placeholder="https://"
            disabled={saving}
          />
          <TextareaField
            form={form}
            name="note"
            label="Note (optional)"
            rows={3}
            maxLength={SUBMISSION_NOTE_MAX}
            disabled={saving}
          />
          <AttachInput
            label="Files (optional)"
            hint={`Up to ${HAND_IN_MAX_FILES}: PDF, Word (DOCX), PNG or JPEG. A file alone is enough.`}
            disabled={saving}
          />
        </IntentForm>
      </details>
      {/* Outside the details: a first hand-in folds them. */}
      {handedIn && (
        <p ref={confirmation} tabIndex={-1} role="status" className="mt-3 text-sm text-success">
          Handed in. Your coach will review it.
        </p>
      )}
    </div>
  );
}
