import { checkAnswers, type IntakeAnswers, type IntakeQuestion, readAnswers } from "~/lib/schemas/intake";

// How a draft of the intake answers gets to the server (docs/decisions/0046-intake-questionnaire.md,
// "Drafts"), apart from React and the page so it can be tested as it runs: each change goes to this
// browser's storage at once and to the server a moment later; a failed save is tried again. The hook that
// draws it is use-intake-draft.ts.

export const DEBOUNCE_MS = 800;
export const RETRY_MS = 5_000;

export type DraftStatus = "idle" | "saving" | "saved" | "unsaved" | "restored" | { problem: string };

export type Stored = { answers: IntakeAnswers; synced: boolean };

export const DRAFT_REFUSED = "the site refused it. Reload the page; what you typed is kept in this browser.";

/**
 * What the data twin's answer to a save means. Only a 200 is the action's own "saved": a 202 is its
 * redirect (signed out, or no longer a client); no answer, a 429 or a 5xx may pass; any other 4xx is the
 * server refusing this draft, which trying again won't change.
 */
export function saveOutcome(status: number | null): "saved" | "retry" | "refused" {
  if (status === 200) return "saved";
  if (status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429) return "refused";
  return "retry";
}

export type DraftSaverOptions = {
  responseId: string;
  /** The questions in force now (a page's data may be read again while the saver lives). */
  questions: () => readonly IntakeQuestion[];
  /** The form's fields as they are now; null once the form is gone. */
  read: () => FormData | null;
  /** Posts to the route's data twin; null when no answer came (offline, a dropped connection). */
  post: (body: FormData, options: { keepalive: boolean }) => Promise<{ status: number } | null>;
  /** This browser's storage; null or a throw where there is none (private mode). */
  storage: () => Pick<Storage, "getItem" | "setItem"> | null;
  status: (status: DraftStatus) => void;
};

const draftKey = (responseId: string) => `intake-draft:${responseId}`;

/** Once sent, this browser's copy goes: a shared computer keeps no one's answers. */
export function forgetDraft(storage: () => Pick<Storage, "removeItem"> | null, responseId: string) {
  try {
    storage()?.removeItem(draftKey(responseId));
  } catch {
    // No storage here (private mode): nothing was kept.
  }
}

export class DraftSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
  private again = false;
  /** Counts changes, so a save that ends knows whether what it sent is still what the form holds. */
  private changes = 0;

  constructor(private readonly options: DraftSaverOptions) {}

  private get key() {
    return draftKey(this.options.responseId);
  }

  stored(): Stored | null {
    try {
      const text = this.options.storage()?.getItem(this.key);
      const value = text ? (JSON.parse(text) as Stored) : null;
      return value && typeof value.answers === "object" && value.answers !== null ? value : null;
    } catch {
      return null;
    }
  }

  private store(value: Stored) {
    try {
      this.options.storage()?.setItem(this.key, JSON.stringify(value));
    } catch {
      // Storage full or refused (private mode): the server copy still goes.
    }
  }

  /** Each change: kept here at once, sent after a pause in typing. Never "Saved" while it waits. */
  changed() {
    const body = this.options.read();
    if (!body) return;
    this.changes++;
    this.store({ answers: readAnswers(body), synced: false });
    this.options.status("saving");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.send(), DEBOUNCE_MS);
  }

  async send(): Promise<void> {
    clearTimeout(this.timer);
    const body = this.options.read();
    if (!body) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    const checked = checkAnswers(this.options.questions(), readAnswers(body), { complete: false });
    // Refused here as the server would refuse it: nothing to retry until it is changed.
    if (!checked.ok) return this.options.status({ problem: checked.error });
    body.set("intent", "save-draft");
    const sending = this.changes;
    this.inFlight = true;
    this.options.status("saving");
    const answer = await this.options.post(body, { keepalive: false }).catch(() => null);
    this.inFlight = false;
    const outcome = saveOutcome(answer?.status ?? null);
    // A change typed while this one travelled is only in this browser: it stays marked unsent.
    const latest = sending === this.changes;
    if (outcome === "saved" && latest) this.store({ answers: checked.data, synced: true });
    if (this.again) {
      this.again = false;
      void this.send();
      return;
    }
    if (outcome === "refused") return this.options.status({ problem: DRAFT_REFUSED });
    if (outcome === "retry") {
      this.options.status("unsaved");
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.send(), RETRY_MS);
      return;
    }
    // A newer change still waits for its turn (its timer is running): it says "Saving…" until then.
    if (latest) this.options.status("saved");
  }

  /** Leaving (a reload, a closed tab) while a change waits: send it anyway, outliving the page. */
  leave() {
    const stored = this.stored();
    if (!stored || stored.synced) return;
    const body = this.options.read();
    if (!body) return;
    body.set("intent", "save-draft");
    void this.options.post(body, { keepalive: true }).catch(() => null);
  }

  dispose() {
    clearTimeout(this.timer);
  }
}
