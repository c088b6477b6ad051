import { SETTINGS } from "~/content/settings";
import { addAnalyticsScripts } from "~/lib/analytics";
import { answersAsDocument, edited, noteReactRan } from "~/lib/first-visit";
import {
  ANSWER_FOR_ATTRIBUTE,
  ANSWER_FOR_PARAM,
  ANSWERED_ID,
  ASLEEP_SCRIPT_TYPE,
  HYDRATING_EVENT,
  type WakeState,
} from "~/lib/hydrate-on-intent";
import { localizeTimes } from "~/lib/local-time";
import { setUpSiteMenu } from "~/lib/site-menu";

// A portal or admin page is read as HTML; React arrives when a person first acts on it
// (docs/decisions/0042-hydrate-on-intent.md). Until React hears events itself, this holds what only
// React can answer (a button's press, a form's submission) and hands it over once hydrated. Links and
// everything native keep working without it.

/** A person is here: any of these starts React's download. */
const INTENT_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"];

/** React that has not arrived by then will not: held submissions go out as plain HTML forms. */
const GIVE_UP_MS = 20_000;

const root = document.documentElement;
const asleep = document.querySelector<HTMLScriptElement>(`script[type="${ASLEEP_SCRIPT_TYPE}"]`);
/** React's entry for this build: which React last ran here (app/lib/first-visit.ts). */
const build = asleep?.dataset.preload?.split(" ").find((href) => href.includes("entry.client")) ?? "";

let state: WakeState = "asleep";
const heldClicks: HTMLElement[] = [];
let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
let giveUp: ReturnType<typeof setTimeout> | undefined;
let liveSource: EventSource | undefined;

function setState(next: WakeState): void {
  state = next;
  root.dataset.wake = next;
}

function holding(): boolean {
  return state === "asleep" || state === "waking";
}

function wake(event: Event): void {
  if (state !== "asleep" || !asleep) return;
  // Which event woke the page: for people reading a bug report, and for the tests.
  root.dataset.wokenBy = event.type;
  setState("waking");
  for (const type of INTENT_EVENTS) window.removeEventListener(type, wake, true);
  liveSource?.close();
  preloadReact(asleep);
  const script = document.createElement("script");
  script.type = "module";
  script.nonce = asleep.nonce;
  script.textContent = asleep.textContent;
  // An inline module whose imports cannot be fetched fires `error` on its element; React Router's
  // dynamic import of its entry rejects instead, unhandled.
  script.addEventListener("error", fail);
  window.addEventListener("unhandledrejection", failedImport);
  giveUp = setTimeout(fail, GIVE_UP_MS);
  document.body.append(script);
}

/**
 * Every module React needs, asked for at once (app/lib/react-router-internals.ts keeps the list the
 * server's preloads had): otherwise each level of imports costs a round trip, ~150 ms each on a phone.
 */
function preloadReact(sleeping: HTMLScriptElement): void {
  for (const href of sleeping.dataset.preload?.split(" ") ?? []) {
    if (!href) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.nonce = sleeping.nonce;
    document.head.append(link);
  }
}

function failedImport(event: PromiseRejectionEvent): void {
  // A page that posted as a document stopped React's download on purpose.
  if ((state !== "waking" && state !== "posted") || !(event.reason instanceof TypeError)) return;
  event.preventDefault();
  fail();
}

function fail(): void {
  if (!holding()) return;
  window.removeEventListener("unhandledrejection", failedImport);
  clearTimeout(giveUp);
  setState("failed");
  heldClicks.length = 0;
  const held = heldSubmit;
  heldSubmit = null;
  // As if there were no JavaScript at all: the server answers every form as a document.
  if (held?.form.isConnected) held.form.requestSubmit(submitterOf(held));
}

/** The button that submitted the form, if it is one of that form's own (requestSubmit refuses others). */
function submitterOf({ form, submitter }: { form: HTMLFormElement; submitter: HTMLElement | null }) {
  const button =
    submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
  return button?.form === form ? button : undefined;
}

/** Presses that do nothing without React's handlers; native controls (links, dialogs' commands) pass. */
function reactOnly(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>(
    'button, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], [role="switch"], [role="option"], [role="menuitem"]',
  );
  if (!control || control.closest("a[href]")) return null;
  if (control instanceof HTMLButtonElement) {
    // A submit button outside any form does nothing natively either.
    const native = control.type === "reset" || (control.type === "submit" && control.form !== null);
    if (control.disabled || native) return null;
    if (control.hasAttribute("commandfor") || control.hasAttribute("popovertarget")) return null;
  }
  if (control instanceof HTMLInputElement && control.disabled) return null;
  return control;
}

function holdClick(event: MouseEvent): void {
  if (!holding()) return;
  const control = reactOnly(event.target);
  if (!control) return;
  // A checkbox keeps its old state until React has seen the press, then the press is made again.
  event.preventDefault();
  if (!heldClicks.includes(control)) heldClicks.push(control);
  wake(event);
}

function holdSubmit(event: SubmitEvent): void {
  if (!holding() || !(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  const held = { form: event.target, submitter: event.submitter };
  if (mayPostAsDocument(held.form)) {
    postAsDocument(held);
    return;
  }
  heldSubmit = held;
  wake(event);
}

/**
 * On a first visit React's modules are seconds away on a phone (docs/BENCHMARKS.md, the first press), while
 * the server answers a form in one round trip: a form whose page shows its answer goes out as a document
 * (app/lib/first-visit.ts says when).
 */
function mayPostAsDocument(form: HTMLFormElement): boolean {
  return heldClicks.length === 0 && answersAsDocument(form, build);
}

function postAsDocument(held: { form: HTMLFormElement; submitter: HTMLElement | null }): void {
  clearTimeout(giveUp);
  setState("posted");
  // React's modules would share the phone's bandwidth with the answer; the next page starts asleep anyway.
  window.stop();
  const { form } = held;
  const submitter = submitterOf(held);
  const own = submitter?.hasAttribute("formaction") ? submitter : null;
  const address = new URL(own ? own.formAction : form.action);
  const key = form.getAttribute(ANSWER_FOR_ATTRIBUTE);
  if (key) address.searchParams.set(ANSWER_FOR_PARAM, key);
  if (own) own.formAction = address.href;
  else form.action = address.href;
  // Inside its own submit event a form ignores another submission: send it once this one is done.
  setTimeout(() => form.requestSubmit(submitter));
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_FIELDS =
  "input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), textarea";

/**
 * What was typed before React, read just before it hydrates (hydration may reset a textarea), and kept up to
 * date while it does: React hydrates in a transition, yielding to the keys a person goes on typing.
 */
let typed: Map<TextField, string> = new Map();

function readTypedFields(): void {
  typed = new Map();
  for (const field of document.querySelectorAll<TextField>(TEXT_FIELDS)) {
    if (field.value !== field.defaultValue) typed.set(field, field.value);
  }
}

function noteTyping(event: Event): void {
  const field = event.target;
  if (state !== "hydrating" || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
    return;
  if (field.matches(TEXT_FIELDS)) typed.set(field, field.value);
}

/**
 * Text typed before hydration is not in React's state. Setting the server's value through the
 * element's own setter (React's tracker), then the typed text through the prototype's, makes React see
 * a change and run the field's onChange, as if typed now.
 */
function handOverEditedFields(): void {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    const prototype = Object.getPrototypeOf(field) as TextField;
    const setValue = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
    if (!setValue) continue;
    field.value = field.defaultValue;
    setValue.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  typed.clear();
  for (const select of document.querySelectorAll("select")) {
    if (edited(select)) select.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

function handOver(): void {
  clearTimeout(giveUp);
  window.removeEventListener("unhandledrejection", failedImport);
  setState("awake");
  noteReactRan(build);
  handOverEditedFields();
  for (const control of heldClicks.splice(0)) if (control.isConnected) control.click();
  const held = heldSubmit;
  heldSubmit = null;
  if (held?.form.isConnected) held.form.requestSubmit(submitterOf(held));
}

/**
 * A change the server announces wakes the page, and React's own live updates catch up from the render
 * time. `resync` (the server cannot vouch for what it heard, as just after it starts) names no
 * change: React asks again when it wakes for a person.
 */
function listenForChanges(): void {
  const since: unknown = (window as { __liveSince?: unknown }).__liveSince;
  if (typeof since !== "number" || typeof EventSource === "undefined") return;
  liveSource = new EventSource(`/events?since=${since}`);
  for (const type of ["change", "reauth"]) liveSource.addEventListener(type, wake);
}

/**
 * The page a first visit's form posted as shows its answer in the block marked `answered`: the answer takes
 * the focus, so it is in view and a screen reader says it, as when React gives it in place. Not an address
 * fragment: Chromium takes the focus off for a fragment's target that can't have it. Before the listeners,
 * so it wakes nothing.
 */
function focusAnswer(): void {
  const answered = document.getElementById(ANSWERED_ID);
  const answer = answered?.querySelector<HTMLElement>('[role="alert"][tabindex], [role="status"][tabindex]');
  if (answer) answer.focus();
  else answered?.scrollIntoView({ block: "center" });
}

if (asleep) {
  setState("asleep");
  localizeTimes();
  setUpSiteMenu();
  focusAnswer();
  // A page view counts when the page is read, not when it wakes.
  addAnalyticsScripts(SETTINGS.analytics);
  for (const type of INTENT_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true });
  document.addEventListener("click", holdClick, true);
  document.addEventListener("submit", holdSubmit, true);
  document.addEventListener("input", noteTyping, true);
  document.addEventListener(HYDRATING_EVENT, () => {
    if (!holding()) return;
    readTypedFields();
    setState("hydrating");
  });
  new MutationObserver((_, observer) => {
    if (!root.hasAttribute("data-hydrated")) return;
    observer.disconnect();
    if (state === "waking") readTypedFields();
    if (state === "hydrating" || state === "waking") handOver();
  }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
  if (document.readyState === "complete") listenForChanges();
  else window.addEventListener("load", listenForChanges, { once: true });
}
