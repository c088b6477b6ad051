import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AttachInput } from "~/components/files/attached-files";
import { useAnswerFetcher, useForm, useSettledAnswer } from "~/components/form";
import { Button } from "~/components/ui/button";
import { TextareaField, TextField } from "~/components/ui/fields";
import { LIMITS, lessonForm } from "~/lib/schemas/admin";
import { LessonClientPicker } from "./lesson-client-picker";
import {
  fromLocalInput,
  lessonInputClass as inputClass,
  type LessonAnswer,
  type LessonSaveResult,
  type LessonValues,
  type PickableClient,
  type PickerPage,
  toLocalInput,
} from "./lesson-form-data";
import { ResourceRows, useResourceRows } from "./lesson-resource-rows";

// docs/product/screens.md, Add Lesson screen: checked in the browser and again by the route's action;
// without JavaScript a plain POST whose answer echoes the values.

const optional = (label: string) => (
  <>
    {label} <span className="text-muted-foreground">(optional)</span>
  </>
);

export function LessonForm<Answer extends LessonAnswer>({
  actionData,
  mode,
  initial,
  initialClient,
  picked,
  query,
  submitLabel,
  successMessage,
}: {
  /** The route's action data: a save made without JavaScript comes back with the values as typed. */
  actionData: Answer | undefined;
  mode: "new" | "edit";
  initial: LessonValues;
  initialClient: PickableClient | null;
  picked: PickerPage;
  /** `?q=`, from a search made without JavaScript. */
  query: string;
  submitLabel: string;
  successMessage: string;
}) {
  const uid = useId();
  const searchFormId = `${uid}-client-search`;
  const save = useAnswerFetcher<Answer>();
  const search = useFetcher<PickerPage>();

  const echoed: LessonSaveResult | undefined = actionData?.intent === "save" ? actionData : undefined;
  const start = echoed?.values ?? initial;

  const [selected, setSelected] = useState<PickableClient | null>(() => {
    if (!start.clientId) return null;
    if (initialClient?.id === start.clientId) return initialClient;
    return picked.clients.find((c) => c.id === start.clientId) ?? null;
  });
  const [title, setTitle] = useState(start.title);
  const [notes, setNotes] = useState(start.notes);
  const [recordingUrl, setRecordingUrl] = useState(start.recordingUrl);
  const resources = useResourceRows(start.resources);
  const [occurredAt, setOccurredAt] = useState(start.occurredAt);
  // Known only once the browser's time zone is (after hydration).
  const [occurredAtLocal, setOccurredAtLocal] = useState(start.occurredAtLocal);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    setOccurredAtLocal((local) => local || toLocalInput(start.occurredAt));
  }, [start.occurredAt]);

  const saving = save.state !== "idle";
  const result = saving ? undefined : (save.data ?? echoed);
  const form = useForm(lessonForm, { answer: result, busy: saving });
  // What every text field of the form shares: its form, its look, and the wait while it saves.
  const field = { form, disabled: saving, inputClassName: inputClass };
  const titleRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // Saved files are the lesson's now: a fresh, empty input.
  const [filesKey, setFilesKey] = useState(0);

  // docs/product/screens.md, Add Lesson screen: a new lesson clears all but client and date. A refusal
  // changes no field.
  useSettledAnswer(save, (answer) => {
    if (!answer.ok) return;
    setFilesKey((key) => key + 1);
    if (mode === "new") {
      setTitle("");
      setNotes("");
      setRecordingUrl("");
      resources.reset();
      titleRef.current?.focus();
    } else {
      submitRef.current?.focus();
    }
  });

  return (
    <>
      {/* The search box sits in the lesson form but belongs to this one. */}
      <search.Form method="get" id={searchFormId} hidden />
      <save.Form
        ref={form.ref}
        onSubmit={form.onSubmit}
        method="post"
        // One form with its files, without JavaScript too (docs/decisions/0043-file-storage.md, "Attachments").
        encType="multipart/form-data"
        noValidate
        className="grid gap-6 rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-6"
      >
        <input type="hidden" name="intent" value="save" />
        <LessonClientPicker
          search={search}
          searchFormId={searchFormId}
          initialQuery={query}
          picked={picked}
          selected={selected}
          onSelect={setSelected}
          disabled={saving}
          field={form.field("clientId")}
          error={form.error("clientId")}
        />

        <TextField
          form={form}
          name="occurredAt"
          input="occurredAtLocal"
          label="Date and time"
          description={mode === "new" ? "Leave empty to use the current time." : "In your own time zone."}
          type="datetime-local"
          value={occurredAtLocal}
          disabled={saving}
          onChange={(event) => {
            setOccurredAtLocal(event.currentTarget.value);
            setOccurredAt(fromLocalInput(event.currentTarget.value));
          }}
          inputClassName={`${inputClass} sm:max-w-xs`}
        />
        <input type="hidden" name="occurredAt" value={occurredAt} />
        {hydrated && <input type="hidden" name="clientClock" value="1" />}

        <TextField
          ref={titleRef}
          {...field}
          name="title"
          label="Title"
          value={title}
          maxLength={LIMITS.title}
          autoComplete="off"
          aria-required="true"
          onChange={(event) => setTitle(event.currentTarget.value)}
        />

        <TextareaField
          {...field}
          name="notes"
          label={optional("Notes")}
          rows={5}
          value={notes}
          maxLength={LIMITS.notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />

        <TextField
          {...field}
          name="recordingUrl"
          label={optional("Recording URL")}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={recordingUrl}
          maxLength={LIMITS.url}
          autoComplete="off"
          onChange={(event) => setRecordingUrl(event.currentTarget.value)}
        />

        <ResourceRows
          rows={resources}
          disabled={saving}
          urlField={form.field("resources", "resourceUrl")}
          error={form.error("resources")}
        />

        {/* Last: the server reads the fields before the files (app/server/files/upload.server.ts). */}
        <AttachInput
          key={filesKey}
          label="Files for the client (optional, up to 5)"
          hint={mode === "edit" ? "Added to the lesson's files." : undefined}
          disabled={saving}
        />

        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button ref={submitRef} type="submit" size="body" disabled={saving} className="px-5">
            {saving ? "Saving…" : submitLabel}
          </Button>
          {form.message}
          {result?.ok && (
            <p className="flex flex-wrap items-center gap-x-3">
              <span role="status" className="font-medium text-success">
                {successMessage}
              </span>
              {mode === "new" && (
                <Link
                  to={`/admin/lessons/${result.lessonId}`}
                  className="text-sm text-primary underline underline-offset-2"
                >
                  Edit this lesson
                </Link>
              )}
            </p>
          )}
        </div>
      </save.Form>
    </>
  );
}
