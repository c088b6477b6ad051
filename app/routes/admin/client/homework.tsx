import { useFetcher } from "react-router";
import { AttachedFiles } from "~/components/files/attached-files";
import { type FormState, useFetcherForm } from "~/components/form";
import { DueDate, LocalDateTime } from "~/components/portal/local-date-time";
import { LinkList, SafeLink } from "~/components/safe-link";
import { inputClass } from "~/components/ui/control-classes";
import { AddCard, TextareaField, TextField } from "~/components/ui/fields";
import { HOMEWORK_STATUS_LABELS } from "~/domain/plans";
import { homeworkAssignForm, LIMITS } from "~/lib/schemas/admin";
import { type ClientAnswer, type ClientData, Section } from "./section";

// Handed-in pieces are reviewed in 'To review' (review.tsx), near the top of the page.

export type HomeworkItem = ClientData["homework"][number];

const download = (id: string) => `/admin/files/${id}`;

export function HomeworkCard({
  item,
  files = [],
  children,
}: {
  item: HomeworkItem;
  /** The client's files; those attached to this piece show under it. */
  files?: ClientData["attachments"];
  children?: React.ReactNode;
}) {
  const mine = files.filter((file) => file.homeworkId === item.id);
  const handedIn = mine.filter((file) => file.byOwner);
  const handedBack = mine.filter((file) => !file.byOwner);
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{item.title}</p>
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold">
          {HOMEWORK_STATUS_LABELS[item.status]}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        <DueDate value={item.dueDate} />
      </p>
      {item.description && <p className="mt-1 text-sm">{item.description}</p>}
      <LinkList links={item.links} className="mt-1" />
      {item.submittedAt && (
        <div className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm">
          <p>
            Handed in <LocalDateTime value={item.submittedAt} />
          </p>
          {item.submissionUrl && <SafeLink link={{ label: item.submissionUrl, url: item.submissionUrl }} />}
          {item.submissionNote && <p className="whitespace-pre-line">{item.submissionNote}</p>}
          <AttachedFiles files={handedIn} label="Their files" href={download} className="mt-1" />
        </div>
      )}
      <AttachedFiles
        files={handedBack}
        label="Your files for them"
        href={download}
        className="mt-2 text-sm"
      />
      {item.status === "reviewed" && item.feedback && (
        <p className="mt-2 text-sm">
          <span className="font-medium">Feedback:</span> {item.feedback}
        </p>
      )}
      {children}
    </li>
  );
}

function LinkRowsInputs({ form, disabled }: { form: FormState<"links">; disabled: boolean }) {
  // Two rows are enough for homework; empty rows are dropped (docs/product/validation.md).
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="text-sm">Links (optional)</legend>
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-2">
          <input
            {...form.field("links", "linkLabel")}
            aria-label={`Link ${i + 1} label`}
            placeholder="Label"
            maxLength={LIMITS.label}
            disabled={disabled}
            className={inputClass}
          />
          <input
            {...form.field("links", "linkUrl")}
            aria-label={`Link ${i + 1} URL`}
            placeholder="https://"
            maxLength={LIMITS.url}
            disabled={disabled}
            className={inputClass}
          />
        </div>
      ))}
      {form.error("links")}
    </fieldset>
  );
}

function AssignForm() {
  const assign = useFetcher<ClientAnswer>();
  const form = useFetcherForm(homeworkAssignForm, assign);
  const { saving } = form;
  // Every field waits while the card saves.
  const field = { form, disabled: saving };
  return (
    <AddCard fetcher={assign} form={form} intent="assign-homework" submit="Assign homework" busy="Assigning…">
      <TextField {...field} name="title" label="Homework title" maxLength={LIMITS.title} />
      <TextField {...field} name="dueDate" label="Due date (optional)" type="date" />
      <TextareaField
        {...field}
        name="description"
        label="Description (optional)"
        rows={2}
        maxLength={LIMITS.details}
        className="sm:col-span-2"
      />
      <LinkRowsInputs form={form} disabled={saving} />
    </AddCard>
  );
}

export function HomeworkSection({ data }: { data: ClientData }) {
  return (
    <Section id="homework" title="Homework">
      {data.may.homework && <AssignForm />}
      {data.homework.length === 0 ? (
        <p className="text-muted-foreground">No homework yet.</p>
      ) : (
        <ul className="space-y-3">
          {data.homework.map((item) => (
            <HomeworkCard key={item.id} item={item} files={data.attachments}>
              {item.status === "submitted" && data.may.homework && (
                <p className="mt-2 text-sm">
                  <a href="#review" className="text-primary underline underline-offset-2">
                    Review it under To review
                  </a>
                </p>
              )}
            </HomeworkCard>
          ))}
        </ul>
      )}
    </Section>
  );
}
