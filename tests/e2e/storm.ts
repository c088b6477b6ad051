import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import { patientExpect, REACT_ENTRY } from "./support";

/**
 * How long the storm waits for an effect or an answer. A lost action never shows, however long one waits; a
 * slow one does: on a 6× throttled page under CI's load (load average 25+), 20 s was seen to run out.
 */
export const STORM_PATIENCE_MS = 60_000;
export const expect = patientExpect.configure({ timeout: STORM_PATIENCE_MS });

// What tests/e2e/storm.spec.ts drives: a throttled page, a person's presses and typing, the page's state at
// each, and the live changes published around them (docs/decisions/0014-live-updates.md, 0042-hydrate-on-intent.md).

/** What the page is doing when a person acts. */
export const STATES = ["asleep", "waking", "revalidating", "awake"] as const;
export type State = (typeof STATES)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loader's `.data` request: a revalidation, or a navigation React Router makes in place. */
export const isDataGet = (request: Request) =>
  request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data");

/** The page's CPU slowed `rate` times for the rest of its life (a phone). */
export async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * Real changes through the server, every 100–300 ms, as the admin: the usage of `clientId` goes up and
 * down by one, each a committed change the server announces to every page showing that client.
 */
export function publishChanges(admin: APIRequestContext, clientId: string) {
  let stopped = false;
  let published = 0;
  const loop = (async () => {
    for (let amount = 1; !stopped; amount = -amount) {
      const response = await admin.post(`/admin/clients/${clientId}`, {
        form: { intent: "adjust", kind: "session_30m", amount: String(amount) },
      });
      expect(response.status(), "a published change").toBe(200);
      published += 1;
      await sleep(100 + Math.random() * 200);
    }
  })();
  return {
    async stop(): Promise<number> {
      stopped = true;
      await loop;
      return published;
    },
  };
}

/** What the page is doing now: asleep, waking (React on its way), revalidating, or awake. */
export function stateOf(page: Page, revalidating: () => boolean): Promise<State> {
  return page
    .evaluate(() => {
      const root = document.documentElement;
      if (root.hasAttribute("data-hydrated")) return "awake" as const;
      return root.dataset.wake === "asleep" ? ("asleep" as const) : ("waking" as const);
    })
    .then((state) => (state === "awake" && revalidating() ? "revalidating" : state));
}

/** Counts the page's `.data` requests still out, so a step can tell a revalidation is under way. */
export function watchData(page: Page) {
  const out = new Set<Request>();
  page.on("request", (request) => {
    if (isDataGet(request)) out.add(request);
  });
  const done = (request: Request) => out.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return () => out.size > 0;
}

/**
 * React's arrival, held while a press goes down on a waking page: the test cannot otherwise be sure the
 * press starts before React, on a machine where React's modules come from a local server's cache.
 */
export class ReactGate {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;
  private routed = false;
  constructor(private readonly page: Page) {}

  async hold(): Promise<void> {
    this.open();
    this.held = new Promise<void>((resolve) => {
      this.release = resolve;
    });
    if (this.routed) return;
    this.routed = true;
    await this.page.route(REACT_ENTRY, async (route) => {
      await this.held;
      await route.continue();
    });
  }

  get holding(): boolean {
    return this.release !== null;
  }

  open(): void {
    this.release?.();
    this.release = null;
    this.held = null;
  }
}

/**
 * Opens `path` and brings it to `state` (as near as the storm allows: a live change may wake the page
 * at any moment, which is the point); the state it was really in is what the caller records. Waking,
 * React is held at the gate until the next press has gone down.
 */
export async function openIn(page: Page, path: string, state: State, gate: ReactGate): Promise<void> {
  if (state === "waking") await gate.hold();
  await page.goto(path, { waitUntil: "domcontentloaded" });
  if (state === "asleep") return;
  if (state === "waking") {
    // The storm's catch-up replay wakes a page nobody touched; if it hasn't yet, a person does.
    const woken = await page
      .waitForFunction(() => document.documentElement.dataset.wake !== "asleep", null, { timeout: 1_500 })
      .then(() => true)
      .catch(() => false);
    if (!woken) await page.keyboard.press("Shift");
    return;
  }
  await awaken(page);
  if (state === "revalidating") await page.waitForRequest(isDataGet, { timeout: STORM_PATIENCE_MS });
}

/** Hydrated, woken by a person's Shift if nothing has woken it yet. */
export async function awaken(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.wake !== undefined);
  if (await page.evaluate(() => document.documentElement.dataset.wake === "asleep"))
    await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, {
    timeout: STORM_PATIENCE_MS,
  });
}

/**
 * A person's press: the pointer comes, goes down, stays a moment (as a finger does), comes up. On a page
 * waking (React held at `gate`), the press goes down before React and comes up once React has taken over
 * and painted: on a slow phone a tap's up is handled after hydration's long task, the moment a control
 * replaced at hydration loses it.
 */
export async function press(page: Page, target: Locator, gate: ReactGate): Promise<void> {
  // Where it is now: a re-render may replace the element between finding it and measuring it.
  let box = null;
  for (let tries = 0; !box && tries < 20; tries++) {
    box = await target
      .scrollIntoViewIfNeeded({ timeout: 5_000 })
      .then(() => target.boundingBox({ timeout: 5_000 }))
      .catch(() => null);
  }
  if (!box) throw new Error(`nothing to press: ${target}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await sleep(40 + Math.random() * 120);
  if (gate.holding) {
    gate.open();
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, {
      timeout: STORM_PATIENCE_MS,
    });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
  await page.mouse.up();
}

/** Typed at a person's pace into a field already focused. */
export async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 30 });
}

/** Waits for one loader answer to land after now, and for React to have painted it. */
export async function aRevalidationLands(page: Page): Promise<void> {
  await page.waitForResponse((response) => isDataGet(response.request()), { timeout: STORM_PATIENCE_MS });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * POSTs the page sends that name `id`: each a change the server makes. Chromium does not hand over a
 * multipart body that carries a file input (the hand-in form's), so a POST whose body can't be read
 * counts when it goes to `path` (or its `.data` twin): the step presses only that one form there.
 */
export function postsNaming(page: Page) {
  const sent: { path: string; body: string | null }[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    const body = request.postDataBuffer()?.toString("latin1") ?? null;
    sent.push({ path: new URL(request.url()).pathname, body: body === "" ? null : body });
  });
  return (id: string, path?: string) =>
    sent.filter(({ path: to, body }) =>
      body === null ? path !== undefined && (to === path || to === `${path}.data`) : body.includes(id),
    ).length;
}

/** Every action and the state the page was in when the person started it. */
export class Tally {
  readonly done: Record<string, Record<string, number>> = {};
  count(kind: string, state: State): void {
    this.done[kind] ??= {};
    const byState = this.done[kind];
    byState[state] = (byState[state] ?? 0) + 1;
  }
  total(kind: string): number {
    return Object.values(this.done[kind] ?? {}).reduce((a, b) => a + b, 0);
  }
}
