import { useFetcher } from "react-router";
import { useFetcherForm } from "~/components/form";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { inputClass } from "~/components/ui/control-classes";
import { AddCard, CheckboxField, SelectField, TextareaField } from "~/components/ui/fields";
import { DeleteForm } from "~/components/ui/intent-form";
import { NOTE_MAX, noteForm, noteIdForm } from "~/lib/schemas/job-search-notes";
import type { ClientAnswer, ClientData } from "./section";

// Staff notes on the client's applications (docs/decisions/0053-job-search.md, "Staff notes"): for staff
// only unless "Share with the client" is ticked; the client reads shared ones on that application's page.

type Note = ClientData["jobNotes"][number];

export function JobNotes({ data }: { data: ClientData }) {
  const fetcher = useFetcher<ClientAnswer>();
  const form = useFetcherForm(noteForm, fetcher);
  const field = { form, disabled: form.saving };
  const company = new Map(data.applications.map((a) => [a.id, `${a.company} — ${a.role}`]));
  return (
    <div className="grid gap-3">
      <h3 className="font-semibold">Notes</h3>
      {data.may.jobNotes && data.applications.length > 0 ? (
        <AddCard
          fetcher={fetcher}
          form={form}
          intent="add-job-note"
          submit="Add note"
          busy="Adding…"
          className="p-3"
        >
          <SelectField
            {...field}
            name="applicationId"
            label="Application"
            options={data.applications.map((a) => [a.id, `${a.company} — ${a.role}`] as const)}
            // A long "company — role" would size the card (and the page) past a phone's width: the field
            // takes its width from the card, never from its longest option.
            className="[contain:inline-size] sm:col-span-2"
            inputClassName={`${inputClass} min-w-0`}
          />
          <TextareaField
            {...field}
            name="body"
            label="Note"
            rows={3}
            maxLength={NOTE_MAX}
            className="sm:col-span-2"
          />
          <CheckboxField
            {...field}
            name="shared"
            label="Share with the client"
            description="Left unticked, only staff read it."
          />
        </AddCard>
      ) : null}
      {data.jobNotes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul className="grid gap-2">
          {data.jobNotes.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              about={company.get(note.applicationId) ?? "An application"}
              mayDelete={data.may.jobNotes}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function NoteItem({ note, about, mayDelete }: { note: Note; about: string; mayDelete: boolean }) {
  const shared = note.visibility === "shared";
  return (
    <li className="rounded-lg border border-border p-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2 text-muted-foreground">
        <span className="font-medium text-foreground [overflow-wrap:anywhere]">{about}</span>
        <span
          className={`rounded-md px-1.5 py-0.5 text-xs ${shared ? "bg-accent text-accent-foreground" : "bg-muted"}`}
        >
          {shared ? "Shared with the client" : "Staff only"}
        </span>
        <span>
          {note.author ?? "Someone"}, <LocalDateTime value={note.createdAt} />
        </span>
      </p>
      <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{note.body}</p>
      {mayDelete ? (
        <DeleteForm<ClientAnswer, "noteId">
          definition={noteIdForm}
          intent="delete-job-note"
          hidden={{ noteId: note.id }}
          className="mt-2"
          submit="Delete note"
          button={{ size: "xs" }}
        />
      ) : null}
    </li>
  );
}
