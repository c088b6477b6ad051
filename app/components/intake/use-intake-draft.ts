import { type RefObject, useEffect, useRef, useState } from "react";
import {
  answerField,
  type IntakeAnswers,
  type IntakeQuestion,
  PICK_FIELD,
  pickValue,
} from "~/lib/schemas/intake";
import { DraftSaver, type DraftStatus } from "./draft-saver";

// Nothing typed is lost (docs/decisions/0046-intake-questionnaire.md, "Drafts"): the page's side of
// draft-saver.ts, which keeps each change in this browser and sends it; what was typed offline is put back
// on the next visit and sent.

export type { DraftStatus };

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
  const asked = useRef(questions);
  asked.current = questions;
  // One saver for the request while the page shows it: it alone knows what is in flight.
  const [saver] = useState(
    () =>
      new DraftSaver({
        responseId,
        questions: () => asked.current,
        read: () => (form.current ? new FormData(form.current) : null),
        // The route's data twin: the action's status, without rendering the page.
        post: (body, { keepalive }) => fetch(action, { method: "POST", body, keepalive }),
        storage: () => window.localStorage,
        status: setStatus,
      }),
  );

  // What this browser typed but never got to the server wins over the server's older copy.
  useEffect(() => {
    const stored = saver.stored();
    if (stored && !stored.synced && form.current) {
      fill(form.current, questions, stored.answers);
      setStatus("restored");
      void saver.send();
    }
    const online = () => void saver.send();
    const leave = () => saver.leave();
    window.addEventListener("online", online);
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("pagehide", leave);
      saver.dispose();
    };
  }, [saver, questions, form]);

  return { status, changed: () => saver.changed() };
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
