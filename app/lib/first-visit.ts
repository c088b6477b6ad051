import { ANSWER_FOR_ATTRIBUTE } from "./hydrate-on-intent";

// When a submission held on a sleeping page goes out as a document instead of waiting for React
// (app/enhancers/wake.ts; docs/decisions/0042-hydrate-on-intent.md, amendment of 2026-11-29).

/** Which build of React last ran in this browser: its modules are then cached, half a second away. */
export const REACT_RAN_KEY = "react-ran";

/** `build`: React's entry module for this build (its address carries the build's hash). */
export function noteReactRan(build: string): void {
  try {
    localStorage.setItem(REACT_RAN_KEY, build);
  } catch {
    // No storage (a private window's quota): every first press then waits for React, as it did before.
  }
}

function reactCached(build: string): boolean {
  try {
    return localStorage.getItem(REACT_RAN_KEY) === build;
  } catch {
    return true;
  }
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether a person changed `control` from what the server sent. */
export function edited(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio"))
    return control.checked !== control.defaultChecked;
  if (control instanceof HTMLInputElement && control.type === "file") return (control.files?.length ?? 0) > 0;
  return control.value !== control.defaultValue;
}

/**
 * A form whose page shows its answer says so (`data-answer-for`). It goes out as a document unless React's
 * modules are cached (a later visit: React answers sooner, in place) or another field holds what the person
 * typed, which a new page would drop.
 */
export function answersAsDocument(form: HTMLFormElement, build: string): boolean {
  if (!form.hasAttribute(ANSWER_FOR_ATTRIBUTE) || reactCached(build)) return false;
  const controls = document.querySelectorAll<Control>("input, textarea, select");
  return ![...controls].some((control) => control.form !== form && edited(control));
}
