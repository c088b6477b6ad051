import { useEffect, useId, useRef, useState } from "react";
import { FetcherError } from "./fetcher-error";

// The admin area's in-place forms (a fetcher posting to the page's action): what was typed is never
// lost. A NEW success clears the form for the next entry; a refusal leaves every field as typed and
// marks the field it names (aria-invalid, described by the message beside it).

/** An action's answer to an in-place form: `field` names the input a refusal is about, when known. */
export type FormAnswer = { ok: boolean; error?: string | null; field?: string | null };

type Fetcher<T> = { state: "idle" | "loading" | "submitting"; data: T | undefined };

/**
 * Calls `onAnswer` once for each answer a fetcher settles on (state back to idle with new data), never
 * again for the same answer: not on a re-render, not when the page's data is revalidated.
 */
export function useSettledAnswer<T>(fetcher: Fetcher<T>, onAnswer: (answer: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answer === undefined || handled.current === answer) return;
    handled.current = answer;
    latest.current(answer);
  }, [fetcher.state, fetcher.data]);
}

/**
 * For a fetcher form: `formRef` for the form (reset after each new success), `saving`, `field(name)`
 * for each input (its name and the invalid/described-by wiring), and `message`, the refusal in red.
 */
export function useInPlaceForm(fetcher: Fetcher<unknown>) {
  const formRef = useRef<HTMLFormElement>(null);
  const messageId = useId();
  useSettledAnswer(fetcher, (answer) => {
    if ((answer as FormAnswer).ok) formRef.current?.reset();
  });
  const answer = fetcher.data as FormAnswer | undefined;
  const invalidField = answer?.ok === false && answer.error ? answer.field : null;
  return {
    formRef,
    saving: fetcher.state !== "idle",
    field: (name: string) => ({
      name,
      "aria-invalid": invalidField === name ? true : undefined,
      "aria-describedby": invalidField === name ? messageId : undefined,
    }),
    message: <FetcherError data={fetcher.data} id={messageId} />,
  };
}

/** False in the server's HTML and until React has hydrated the page: what works without JavaScript shows until then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
