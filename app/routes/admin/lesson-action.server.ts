import {
  EMPTY_LESSON,
  isLessonField,
  type LessonSaveResult,
  type LessonValues,
} from "~/components/admin/lesson-form-data";
import { type FormProblem, text, values } from "~/lib/forms";
import { LIMITS, lessonForm } from "~/lib/schemas/admin";
import { logger } from "~/server/logger.server";
import type { LessonInput } from "~/server/models/lessons.server";
import { isRefusal, refusal, refusalOf } from "~/server/refusal.server";

// Shared by the add and edit lesson actions.

const FAILED = "Failed to save.";

export const LESSON_FORM = { repeatable: lessonForm.repeatable } as const;

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

type Parsed = { ok: true; input: LessonInput } | { ok: false; response: ReturnType<typeof refused> };

function refused(values: LessonValues, error: string, status: number, field: LessonSaveResult["field"]) {
  return refusal({ ok: false, intent: "save", error, field, values } satisfies LessonSaveResult, { status });
}

/** The form as sent (not the shortened echo), checked as the browser did (docs/product/validation.md). */
export function parseLesson(form: FormData, values: LessonValues): Parsed {
  const parsed = lessonForm.parse(form);
  if (parsed.ok) return { ok: true, input: parsed.data };
  return { ok: false, response: lessonRefused(parsed, values) };
}

/** A lesson form that failed its check, answered with what was typed. */
export function lessonRefused(problem: FormProblem, values: LessonValues) {
  return refused(values, problem.error, 400, isLessonField(problem.field) ? problem.field : null);
}

/** A model's refusal keeps its own message and status; anything else is logged as 'Failed to save.'. */
export async function saveLesson(
  values: LessonValues,
  kept: LessonValues,
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
      values: kept,
    } satisfies LessonSaveResult;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRefusal(error)) {
      const { message, status } = refusalOf(error, FAILED);
      return refused(values, message, status, message === "Select a client." ? "clientId" : null);
    }
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "lesson save failed");
    return refused(values, FAILED, 500, null);
  }
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
