import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import {
  answerField,
  checkAnswers,
  type IntakeAnswers,
  type IntakeQuestion,
  PICK_FIELD,
  pickValue,
  readAnswers,
} from "~/lib/schemas/intake";

// Nothing typed is lost (docs/decisions/0046-intake-questionnaire.md, "Drafts"): each change goes to this
// browser's storage at once and to the server a moment later; a failed save is tried again, and what was
// typed offline is put back on the next visit and sent.

const DEBOUNCE_MS = 800;
const RETRY_MS = 5_000;

export type DraftStatus = "idle" | "saving" | "saved" | "unsaved" | "restored" | { problem: string };

type Stored = { answers: IntakeAnswers; synced: boolean };

const storageKey = (responseId: string) => `intake-draft:${responseId}`;

function readStored(responseId: string): Stored | null {
  try {
    const text = window.localStorage.getItem(storageKey(responseId));
    const value = text ? (JSON.parse(text) as Stored) : null;
    return value && typeof value.answers === "object" && value.answers !== null ? value : null;
  } catch {
    return null;
  }
}

function writeStored(responseId: string, value: Stored) {
  try {
    window.localStorage.setItem(storageKey(responseId), JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the server copy still goes.
  }
}

/** Puts answers back into the form's own fields (they are uncontrolled, so a plain form still works). */
function fill(form: HTMLFormElement, questions: readonly IntakeQuestion[], answers: IntakeAnswers) {
  for (const q of questions) {
    const answer = answers[q.id];
    if (q.type === "many") {
      const picked = Array.isArray(answer) ? answer : [];
      for (const box of form.querySelectorAll<HTMLInputElement>(`input[name="${PICK_FIELD}"]`)) {
        const option = (q.options ?? []).find((o) => box.value === pickValue(q.id, o));
        if (option !== undefined) box.checked = picked.includes(option);
      }
      continue;
    }
    const field = form.elements.namedItem(answerField(q.id));
    if (
      field instanceof RadioNodeList ||
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement
    )
      field.value = typeof answer === "string" ? answer : "";
  }
}

export function useIntakeDraft(
  form: RefObject<HTMLFormElement | null>,
  {
    responseId,
    questions,
    action,
  }: { responseId: string; questions: readonly IntakeQuestion[]; action: string },
) {
  const [status, setStatus] = useState<DraftStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef(false);
  const again = useRef(false);

  const send = useCallback(async () => {
    clearTimeout(timer.current);
    const element = form.current;
    if (!element) return;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const body = new FormData(element);
    const checked = checkAnswers(questions, readAnswers(body), { complete: false });
    // Refused here as the server would refuse it: nothing to retry until it is changed.
    if (!checked.ok) return setStatus({ problem: checked.error });
    body.set("intent", "save-draft");
    inFlight.current = true;
    setStatus("saving");
    let saved = false;
    try {
      // The route's data twin: the action's status, without rendering the page.
      const response = await fetch(action, { method: "POST", body });
      saved = response.ok;
    } catch {
      saved = false; // offline, or the connection dropped
    }
    inFlight.current = false;
    if (saved) writeStored(responseId, { answers: checked.data, synced: true });
    if (again.current) {
      again.current = false;
      void send();
      return;
    }
    setStatus(saved ? "saved" : "unsaved");
    if (!saved) timer.current = setTimeout(() => void send(), RETRY_MS);
  }, [form, questions, responseId, action]);

  const changed = useCallback(() => {
    const element = form.current;
    if (!element) return;
    writeStored(responseId, { answers: readAnswers(new FormData(element)), synced: false });
    // Never "Saved" while a change waits for its turn.
    setStatus("saving");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(), DEBOUNCE_MS);
  }, [form, responseId, send]);

  // What this browser typed but never got to the server wins over the server's older copy.
  useEffect(() => {
    const stored = readStored(responseId);
    if (stored && !stored.synced && form.current) {
      fill(form.current, questions, stored.answers);
      setStatus("restored");
      void send();
    }
    const online = () => void send();
    // Leaving (a reload, a closed tab) while a change waits: send it anyway, outliving the page.
    const leave = () => {
      const stored = readStored(responseId);
      if (!stored || stored.synced || !form.current) return;
      const body = new FormData(form.current);
      body.set("intent", "save-draft");
      void fetch(action, { method: "POST", body, keepalive: true }).catch(() => {});
    };
    window.addEventListener("online", online);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("pagehide", leave);
      clearTimeout(timer.current);
    };
  }, [responseId, questions, form, send, action]);

  return { status, changed };
}

export function draftStatusText(status: DraftStatus): string {
  if (typeof status === "object") return `Not saved: ${status.problem}`;
  return {
    idle: "",
    saving: "Saving…",
    saved: "Saved",
    unsaved: "Not saved yet — we'll keep trying",
    restored: "We put back what you typed last time; saving it now…",
  }[status];
}
