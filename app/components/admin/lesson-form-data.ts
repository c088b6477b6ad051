import { inputClass } from "~/components/ui/control-classes";
import type { Link } from "~/domain/links";

// Shared by the browser (lesson-form.tsx) and the two routes' actions.

export type PickableClient = { id: string; email: string; fullName: string | null };

export type PickerPage = { clients: PickableClient[]; more: boolean };

/** Raw strings, so nothing is lost when a save is refused. */
export type LessonValues = {
  clientId: string;
  title: string;
  notes: string;
  recordingUrl: string;
  /** "" means now (docs/product/validation.md). */
  occurredAt: string;
  /** Used only when the browser ran no JavaScript. */
  occurredAtLocal: string;
  resources: Link[];
};

export const LESSON_FIELDS = [
  "clientId",
  "title",
  "notes",
  "recordingUrl",
  "occurredAt",
  "resources",
] as const;
export type LessonField = (typeof LESSON_FIELDS)[number];

export type LessonSaveResult =
  | { ok: true; intent: "save"; lessonId: string; error: null; field: null; values: LessonValues }
  | { ok: false; intent: "save"; error: string; field: LessonField | null; values: LessonValues };

/** What the lesson routes' actions answer: a save, or (the edit page) a refused delete. */
export type LessonAnswer = LessonSaveResult | { ok: false; intent: "delete"; error: string };

export const EMPTY_LESSON: LessonValues = {
  clientId: "",
  title: "",
  notes: "",
  recordingUrl: "",
  occurredAt: "",
  occurredAtLocal: "",
  resources: [],
};

export function isLessonField(name: unknown): name is LessonField {
  return typeof name === "string" && (LESSON_FIELDS as readonly string[]).includes(name);
}

const pad = (n: number) => String(n).padStart(2, "0");

export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

export function fromLocalInput(local: string): string {
  if (!local) return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

export function clientLabel(client: PickableClient): string {
  return client.fullName?.trim() || client.email;
}

export const lessonInputClass = `w-full ${inputClass}`;
