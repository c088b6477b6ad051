import { useEffect, useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { LIMITS } from "~/lib/schemas/admin";
import { useSettledAnswer } from "./in-place-form";
import { LessonClientPicker } from "./lesson-client-picker";
import {
  fromLocalInput,
  type LessonField,
  type LessonSaveResult,
  type LessonValues,
  type PickableClient,
  type PickerPage,
  toLocalInput,
} from "./lesson-form-data";

// The lesson form of /admin/lessons/new and /admin/lessons/:lessonId (SPEC §2, §4, §5): idle → saving
// ('Saving…', controls disabled) → a green success or a red error. It saves through a fetcher to the
// route's own action; without JavaScript it is a plain POST and the action echoes the values back.

type ResourceRow = { key: number; label: string; url: string };

const inputClass =
  "w-full rounded-md border border-border bg-background px-3 py-2 aria-[invalid=true]:border-danger disabled:opacity-60";

export function LessonForm({
  mode,
  initial,
  initialClient,
  picked,
  query,
  submitLabel,
  successMessage,
}: {
  mode: "new" | "edit";
  initial: LessonValues;
  /** The client already chosen (the edited lesson's, or one named in the URL). */
  initialClient: PickableClient | null;
  /** The loader's first page of pickable clients. */
  picked: PickerPage;
  /** The loader's search text (`?q=`, from a search made without JavaScript). */
  query: string;
  submitLabel: string;
  successMessage: string;
}) {
  const uid = useId();
  const searchFormId = `${uid}-client-search`;
  const messageId = `${uid}-message`;
  const save = useFetcher<LessonSaveResult>();
  const search = useFetcher<PickerPage>();

  // A save made without JavaScript comes back as the route's action data, with the values as typed.
  const actionData = useActionData() as LessonSaveResult | { intent?: string } | undefined;
  const echoed =
    actionData && "values" in actionData && actionData.intent === "save" ? actionData : undefined;
  const start = echoed?.values ?? initial;

  const [selected, setSelected] = useState<PickableClient | null>(() => {
    if (!start.clientId) return null;
    if (initialClient?.id === start.clientId) return initialClient;
    return picked.clients.find((c) => c.id === start.clientId) ?? null;
  });
  const [title, setTitle] = useState(start.title);
  const [notes, setNotes] = useState(start.notes);
  const [recordingUrl, setRecordingUrl] = useState(start.recordingUrl);
  const nextKey = useRef(0);
  const rowsFrom = (links: { label: string; url: string }[]): ResourceRow[] =>
    links.map((link) => ({ key: nextKey.current++, ...link }));
  // One empty row to start with, so a resource can be added without JavaScript too.
  const emptyRows = () => rowsFrom([{ label: "", url: "" }]);
  const [resources, setResources] = useState<ResourceRow[]>(() =>
    start.resources.length > 0 ? rowsFrom(start.resources) : emptyRows(),
  );
  const [occurredAt, setOccurredAt] = useState(start.occurredAt);
  // The local date-time can only be shown once the browser's time zone is known (after hydration).
  const [occurredAtLocal, setOccurredAtLocal] = useState(start.occurredAtLocal);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    setOccurredAtLocal((local) => local || toLocalInput(start.occurredAt));
  }, [start.occurredAt]);

  const saving = save.state !== "idle";
  const result = saving ? undefined : (save.data ?? echoed);
  const error = result && !result.ok ? result : null;
  const invalid = (field: LessonField) => (error?.field === field ? true : undefined);
  const describedBy = (field: LessonField) => (error?.field === field ? messageId : undefined);

  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const addRowRef = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);

  // When a save finishes: a new lesson clears all but client and date (SPEC §2) and the title takes
  // focus for the next one; an error focuses its field. Typed values are otherwise left alone.
  useSettledAnswer(save, (answer) => {
    if (answer.ok) {
      if (mode === "new") {
        setTitle("");
        setNotes("");
        setRecordingUrl("");
        setResources([{ key: nextKey.current++, label: "", url: "" }]);
        titleRef.current?.focus();
      } else {
        submitRef.current?.focus();
      }
      return;
    }
    const target = answer.field
      ? formRef.current?.querySelector<HTMLElement>(
          answer.field === "clientId"
            ? 'input[name="clientId"]:checked, input[name="clientId"], #lesson-client-search'
            : answer.field === "resources"
              ? 'input[name="resourceUrl"]'
              : `[data-field="${answer.field}"]`,
        )
      : null;
    (target ?? submitRef.current)?.focus();
  });

  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(`${uid}-resource-label-${focusRow}`)?.focus();
    setFocusRow(null);
  }, [focusRow, uid]);

  const addRow = () => {
    const [row] = rowsFrom([{ label: "", url: "" }]);
    if (!row) return;
    setResources((rows) => [...rows, row]);
    setFocusRow(row.key);
  };
  const removeRow = (key: number) => {
    setResources((rows) => rows.filter((row) => row.key !== key));
    addRowRef.current?.focus();
  };
  const updateRow = (key: number, change: Partial<ResourceRow>) =>
    setResources((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <>
      {/* The client search's own GET form: the search box sits in the lesson form but belongs here. */}
      <search.Form method="get" id={searchFormId} hidden />
      <save.Form
        ref={formRef}
        method="post"
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
          errorId={error?.field === "clientId" ? messageId : null}
        />

        <div className="grid gap-1">
          <label htmlFor={`${uid}-occurred-at`} className="text-sm font-medium">
            Date and time
          </label>
          <input
            id={`${uid}-occurred-at`}
            data-field="occurredAt"
            type="datetime-local"
            name="occurredAtLocal"
            value={occurredAtLocal}
            disabled={saving}
            aria-invalid={invalid("occurredAt")}
            aria-describedby={[`${uid}-occurred-at-hint`, describedBy("occurredAt")]
              .filter(Boolean)
              .join(" ")}
            onChange={(event) => {
              setOccurredAtLocal(event.currentTarget.value);
              setOccurredAt(fromLocalInput(event.currentTarget.value));
            }}
            className={`${inputClass} sm:max-w-xs`}
          />
          <input type="hidden" name="occurredAt" value={occurredAt} />
          {hydrated && <input type="hidden" name="clientClock" value="1" />}
          <p id={`${uid}-occurred-at-hint`} className="text-sm text-muted-foreground">
            {mode === "new" ? "Leave empty to use the current time." : "In your own time zone."}
          </p>
        </div>

        <div className="grid gap-1">
          <label htmlFor={`${uid}-title`} className="text-sm font-medium">
            Title
          </label>
          <input
            ref={titleRef}
            id={`${uid}-title`}
            data-field="title"
            name="title"
            value={title}
            maxLength={LIMITS.title}
            autoComplete="off"
            aria-required="true"
            aria-invalid={invalid("title")}
            aria-describedby={describedBy("title")}
            disabled={saving}
            onChange={(event) => setTitle(event.currentTarget.value)}
            className={inputClass}
          />
        </div>

        <div className="grid gap-1">
          <label htmlFor={`${uid}-notes`} className="text-sm font-medium">
            Notes <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <textarea
            id={`${uid}-notes`}
            data-field="notes"
            name="notes"
            rows={5}
            value={notes}
            maxLength={LIMITS.notes}
            aria-invalid={invalid("notes")}
            aria-describedby={describedBy("notes")}
            disabled={saving}
            onChange={(event) => setNotes(event.currentTarget.value)}
            className={inputClass}
          />
        </div>

        <div className="grid gap-1">
          <label htmlFor={`${uid}-recording`} className="text-sm font-medium">
            Recording URL <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <input
            id={`${uid}-recording`}
            data-field="recordingUrl"
            name="recordingUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={recordingUrl}
            maxLength={LIMITS.url}
            autoComplete="off"
            aria-invalid={invalid("recordingUrl")}
            aria-describedby={describedBy("recordingUrl")}
            disabled={saving}
            onChange={(event) => setRecordingUrl(event.currentTarget.value)}
            className={inputClass}
          />
        </div>

        <fieldset className="grid gap-3" aria-describedby={`${uid}-resources-hint`}>
          <legend className="mb-1 text-sm font-medium">Resources</legend>
          <p id={`${uid}-resources-hint`} className="-mt-2 text-sm text-muted-foreground">
            Rows without a URL are left out; an empty label shows the URL.
          </p>
          {resources.length > 0 && (
            <ol className="grid gap-3">
              {resources.map((row, i) => (
                <li
                  key={row.key}
                  className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
                >
                  <div className="grid gap-1">
                    <label htmlFor={`${uid}-resource-label-${row.key}`} className="text-sm">
                      Label <span className="sr-only">of resource {i + 1}</span>
                    </label>
                    <input
                      id={`${uid}-resource-label-${row.key}`}
                      name="resourceLabel"
                      value={row.label}
                      maxLength={LIMITS.label}
                      autoComplete="off"
                      disabled={saving}
                      onChange={(event) => updateRow(row.key, { label: event.currentTarget.value })}
                      className={inputClass}
                    />
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={`${uid}-resource-url-${row.key}`} className="text-sm">
                      URL <span className="sr-only">of resource {i + 1}</span>
                    </label>
                    <input
                      id={`${uid}-resource-url-${row.key}`}
                      name="resourceUrl"
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={row.url}
                      maxLength={LIMITS.url}
                      autoComplete="off"
                      aria-invalid={invalid("resources")}
                      aria-describedby={describedBy("resources")}
                      disabled={saving}
                      onChange={(event) => updateRow(row.key, { url: event.currentTarget.value })}
                      className={inputClass}
                    />
                  </div>
                  <button
                    type="button"
                    disabled={saving}
                    onClick={() => removeRow(row.key)}
                    className="justify-self-start rounded-md border border-border px-3 py-2 text-sm hover:bg-muted disabled:opacity-60"
                  >
                    Remove<span className="sr-only"> resource {i + 1}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
          <div>
            <button
              ref={addRowRef}
              type="button"
              disabled={saving || resources.length >= LIMITS.resourceRows}
              onClick={addRow}
              className="rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-muted disabled:opacity-60"
            >
              Add resource
            </button>
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button
            ref={submitRef}
            type="submit"
            disabled={saving}
            className="rounded-md bg-primary px-5 py-2 font-semibold text-primary-foreground disabled:opacity-60"
          >
            {saving ? "Saving…" : submitLabel}
          </button>
          {error && (
            <p id={messageId} role="alert" className="text-danger">
              {error.error}
            </p>
          )}
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
