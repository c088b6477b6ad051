import { data } from "react-router";

// How the server says no (403, 404, 409…): React Router's `data(body, { status })`, thrown, so a
// loader's refusal reaches the error page with its status and words. `isRefusal` knows one by the class
// `data()` makes, never by React Router's internal names, so a handler's own `throw data(…)` counts too.
// An action that answers a form in place turns it into a message beside the control (action-result.server.ts).

const DataWithInit: unknown = data(null).constructor;

/** A refusal with its own body and init (a form's answer, a 403's status text), for the caller to throw. */
export function refusal<Body>(body: Body, init: ResponseInit) {
  return data(body, init);
}

/** Refuses with `message` (what the person reads) and `status`; nothing is changed. */
export function refuse(message: string, status: number): never {
  throw refusal({ error: message }, { status });
}

export type RefusalOf<Body> = ReturnType<typeof refusal<Body>>;
export type Refusal = RefusalOf<unknown>;

/** Whether something thrown is one of ours (else a redirect, or a failure to log). */
export function isRefusal(error: unknown): error is Refusal {
  return typeof DataWithInit === "function" && DataWithInit !== Object && error instanceof DataWithInit;
}

/** A refusal's status and message: its body's `error`, or the body itself if it is words, else `fallback`. */
export function refusalOf(error: Refusal, fallback: string): { status: number; message: string } {
  const body = error.data;
  const message =
    typeof body === "string"
      ? body
      : typeof body === "object" && body !== null && "error" in body && typeof body.error === "string"
        ? body.error
        : fallback;
  return { status: error.init?.status ?? 400, message };
}
