import {
  EMPTY_LESSON,
  isLessonField,
  type LessonSaveResult,
  type LessonValues,
} from "~/components/admin/lesson-form-data";
import { type FormProblem, text, values } from "~/lib/forms";
import { LIMITS, lessonForm } from "~/lib/schemas/admin";
import { receiveFormWithFiles } from "~/server/entries/staged-upload.server";
import { logger } from "~/server/logger.server";
import type { LessonFiles, LessonInput } from "~/server/models/lessons.server";
import type { Permit } from "~/server/policy.server";
import { isRefusal, refusal, refusalOf } from "~/server/refusal.server";

// Shared by the add and edit lesson actions.

const FAILED = "Failed to save.";

/** Echoed back on a refusal, so a page without JavaScript loses nothing. */
export function readLessonForm(form: FormData): LessonValues {
  const labels = values(form, "resourceLabel");
  const urls = values(form, "resourceUrl");
  const rows = Math.min(Math.max(labels.length, urls.length), LIMITS.resourceRows + 5);
  return {
    clientId: text(form, "clientId"),
    title: text(form, "title").slice(0, LIMITS.title + 50),
    notes: text(form, "notes").slice(0, LIMITS.notes + 50),
    recordingUrl: text(form, "recordingUrl").slice(0, LIMITS.url + 50),
    occurredAt: text(form, "occurredAt").slice(0, 64),
    occurredAtLocal: text(form, "occurredAtLocal").slice(0, 64),
    resources: Array.from({ length: rows }, (_, i) => ({
      label: (labels[i] ?? "").slice(0, LIMITS.label + 50),
      url: (urls[i] ?? "").slice(0, LIMITS.url + 50),
    })),
  };
}

function refused(values: LessonValues, error: string, status: number, field: LessonSaveResult["field"]) {
  return refusal({ ok: false, intent: "save", error, field, values } satisfies LessonSaveResult, { status });
}

/** A lesson form that failed its check, answered with what was typed. */
export function lessonRefused(problem: FormProblem, values: LessonValues) {
  return refused(values, problem.error, 400, isLessonField(problem.field) ? problem.field : null);
}

/**
 * A model's refusal keeps its own message and status (a form's refusal its field); anything else is logged
 * as 'Failed to save.'. `echo` gives the values as typed, read once the work has read the form.
 */
export async function saveLesson(
  echo: () => LessonValues,
  keep: (values: LessonValues) => LessonValues,
  work: () => Promise<{ id: string }>,
) {
  try {
    const lesson = await work();
    return {
      ok: true,
      intent: "save",
      lessonId: lesson.id,
      error: null,
      field: null,
      values: keep(echo()),
    } satisfies LessonSaveResult;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRefusal(error)) {
      const { message, status } = refusalOf(error, FAILED);
      const named = (error.data as { field?: unknown } | null)?.field;
      const field = message === "Select a client." ? "clientId" : isLessonField(named) ? named : null;
      return refused(echo(), message, status, field);
    }
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "lesson save failed");
    return refused(echo(), FAILED, 500, null);
  }
}

/**
 * The lesson form as one multipart post (docs/decisions/0043-file-storage.md, "Attachments"): its fields,
 * then up to five files staged for the client as they stream, recorded by `work` with the lesson.
 */
export function saveLessonWithFiles(
  request: Request,
  filePermit: Permit<"files.manage">,
  keep: (values: LessonValues) => LessonValues,
  work: (input: LessonInput, files: LessonFiles) => Promise<{ id: string }>,
) {
  let sent: FormData | undefined;
  const form = {
    ...lessonForm,
    parse(fields: FormData) {
      sent = fields;
      return lessonForm.parse(fields);
    },
  };
  const echo = () => readLessonForm(sent ?? new FormData());
  return saveLesson(echo, keep, () =>
    receiveFormWithFiles(request, {
      form,
      permit: filePermit,
      target: ({ clientId }) => ({ ownerId: clientId }),
      commit: (input, staged) => work(input, { permit: filePermit, staged }),
    }),
  );
}

/** docs/product/screens.md, Add Lesson screen. */
export function keepClientAndDate(values: LessonValues): LessonValues {
  return {
    ...EMPTY_LESSON,
    clientId: values.clientId,
    occurredAt: values.occurredAt,
    occurredAtLocal: values.occurredAtLocal,
  };
}
