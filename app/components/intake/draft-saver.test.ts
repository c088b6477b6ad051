import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { IntakeQuestion } from "~/lib/schemas/intake";
import {
  DEBOUNCE_MS,
  DRAFT_REFUSED,
  DraftSaver,
  type DraftStatus,
  forgetDraft,
  RETRY_MS,
  saveOutcome,
} from "./draft-saver";

// The intake draft's saving as the page runs it (docs/decisions/0046-intake-questionnaire.md, "Drafts"):
// nothing typed is called saved, or marked as on the server, unless the server kept that very text.

const QUESTIONS: IntakeQuestion[] = [{ id: "worry", type: "long", label: "Worry?", required: true }];
const RESPONSE_ID = "7f1d2c3b-0000-4000-8000-000000000001";

type Answer = { status: number } | null;

function harness() {
  let typed = "";
  const store = new Map<string, string>();
  const statuses: DraftStatus[] = [];
  const sent: string[] = [];
  const pending: ((answer: Answer) => void)[] = [];
  const saver = new DraftSaver({
    responseId: RESPONSE_ID,
    questions: () => QUESTIONS,
    read: () => {
      const form = new FormData();
      form.set("responseId", RESPONSE_ID);
      form.set("q.worry", typed);
      return form;
    },
    post: (body) => {
      sent.push(String(body.get("q.worry")));
      return new Promise<Answer>((resolve) => pending.push(resolve));
    },
    storage: () => ({
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
    }),
    status: (status) => void statuses.push(status),
  });
  return {
    saver,
    sent,
    type(text: string) {
      typed = text;
      saver.changed();
    },
    /** Answers the oldest save still waiting. */
    async answer(answer: Answer) {
      pending.shift()?.(answer);
      await vi.advanceTimersByTimeAsync(0);
    },
    last: () => statuses.at(-1),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("only the action's own 200 is saved; its redirect (202, signed out) is not", () => {
  expect(saveOutcome(200)).toBe("saved");
  for (const status of [202, 204, 302, 500, 502, 503, 408, 429]) expect(saveOutcome(status)).toBe("retry");
  expect(saveOutcome(null)).toBe("retry");
  for (const status of [400, 403, 404, 409, 413]) expect(saveOutcome(status)).toBe("refused");
});

test("signed out while typing: not called saved, kept as unsent here, and tried again", async () => {
  const h = harness();
  h.type("System design");
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(h.sent).toEqual(["System design"]);
  // The data twin answers a signed-out post with its redirect to /login, a 202.
  await h.answer({ status: 202 });
  expect(h.last()).toBe("unsaved");
  expect(h.saver.stored()).toEqual({ answers: { worry: "System design" }, synced: false });
  await vi.advanceTimersByTimeAsync(RETRY_MS);
  expect(h.sent).toHaveLength(2);
  await h.answer({ status: 200 });
  expect(h.last()).toBe("saved");
  expect(h.saver.stored()?.synced).toBe(true);
});

test("typed while a save travels: the older save doesn't mark the newer text as sent, nor say Saved", async () => {
  const h = harness();
  h.type("System");
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(h.sent).toEqual(["System"]);
  h.type("System design");
  await h.answer({ status: 200 });
  // Left now, the newer text would go by the page's keepalive post, and be put back on the next visit.
  expect(h.saver.stored()).toEqual({ answers: { worry: "System design" }, synced: false });
  expect(h.last()).toBe("saving");
  h.saver.leave();
  expect(h.sent).toEqual(["System", "System design"]);

  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(h.sent).toEqual(["System", "System design", "System design"]);
  await h.answer(null); // the keepalive post: its answer goes nowhere
  await h.answer({ status: 200 });
  expect(h.saver.stored()).toEqual({ answers: { worry: "System design" }, synced: true });
  expect(h.last()).toBe("saved");
});

test("refused by the server (a 4xx): says so once and stops, the text kept as unsent", async () => {
  const h = harness();
  h.type("Salary talks");
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  await h.answer({ status: 409 });
  expect(h.last()).toEqual({ problem: DRAFT_REFUSED });
  await vi.advanceTimersByTimeAsync(RETRY_MS * 4);
  expect(h.sent).toHaveLength(1);
  expect(h.saver.stored()?.synced).toBe(false);
});

test("offline: tried again until it goes", async () => {
  const h = harness();
  h.type("Offers");
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  await h.answer(null);
  expect(h.last()).toBe("unsaved");
  await vi.advanceTimersByTimeAsync(RETRY_MS);
  await h.answer({ status: 200 });
  expect(h.sent).toEqual(["Offers", "Offers"]);
  expect(h.last()).toBe("saved");
});

test("once sent, forgetDraft takes this browser's copy of the answers", async () => {
  const store = new Map<string, string>();
  const storage = () => ({
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  const saver = new DraftSaver({
    responseId: RESPONSE_ID,
    questions: () => QUESTIONS,
    read: () => {
      const form = new FormData();
      form.set("q.worry", "my worry");
      return form;
    },
    post: async () => ({ status: 200 }),
    storage,
    status: () => {},
  });
  saver.changed();
  expect(saver.stored()?.answers).toEqual({ worry: "my worry" });
  forgetDraft(storage, RESPONSE_ID);
  expect(saver.stored()).toBeNull();
  expect(store.size).toBe(0);
  saver.dispose();
});
