import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  adminPost,
  filterLink,
  listCaption,
  makeLead,
  makeProClient,
  personIdOf,
  proClientBesideAdmin,
  rowCells,
  rowOf,
  searchBox,
} from "./admin-pages";
import { PEOPLE, signedInPage } from "./sign-in";
import {
  aRevalidationLands,
  expect,
  openIn,
  postsNaming,
  press,
  publishChanges,
  ReactGate,
  STATES,
  type State,
  stateOf,
  Tally,
  throttle,
  type,
  watchData,
} from "./storm";
import { test } from "./support";

// Issue 41: every press, click and keystroke is honoured exactly once, whatever the page is doing — asleep
// (app/enhancers/wake.ts), waking, revalidating or awake — while live changes land every 100–300 ms, on a
// phone's CPU (4× and 6× slower). 25 rounds at each rate: 50 of each kind of action in all.

// A trace snapshots the page at every step: on a throttled page re-rendered every few hundred ms, that
// alone doubled the run.
test.use({ trace: "off" });

// 25 rounds at each of the two rates is issue 41's 50 of each kind (STORM_ROUNDS=25); under CI's load a
// round takes 20–40 s, so `npm test` runs 6 and the timeout follows the count.
const ROUNDS = Number(process.env.STORM_ROUNDS ?? 6);
const STORM_TIMEOUT_MS = 60_000 + ROUNDS * 45_000;
/** A round that fails is noted and the next one starts afresh; this many, and the test stops to say so. */
const MAX_FAILURES = 3;

/**
 * The people list's steps (0 convert, 1 filter, 2 search, 3 open) each meet each state once in 16 rounds;
 * a press across hydration first, where a replaced control would lose it.
 */
const PLAN: [number, State][] = [
  [0, "waking"],
  [3, "waking"],
  [1, "asleep"],
  [2, "asleep"],
  [0, "asleep"],
  [3, "asleep"],
  [1, "waking"],
  [2, "waking"],
  [0, "revalidating"],
  [3, "revalidating"],
  [1, "awake"],
  [2, "awake"],
  [0, "awake"],
  [3, "awake"],
  [1, "revalidating"],
  [2, "revalidating"],
];

type Failure = { round: number; kind: string; state: State; error: string };

/** Runs the round's steps, noting which failed, in which state; each step counts when its effect showed. */
async function rounds(
  tally: Tally,
  run: (
    round: number,
    step: (kind: string, state: State, act: () => Promise<void>) => Promise<void>,
  ) => Promise<void>,
): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (let round = 0; round < ROUNDS && failures.length < MAX_FAILURES; round++) {
    let current = { kind: "", state: "asleep" as State };
    try {
      await run(round, async (kind, state, act) => {
        current = { kind, state };
        const started = Date.now();
        await act();
        tally.count(kind, state);
        console.log(`round ${round} ${kind} ${state} ${Date.now() - started} ms`);
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error))
        .split("\n")
        .slice(0, 6)
        .join(" | ");
      failures.push({ round, ...current, error: message });
    }
  }
  return failures;
}

function report(tally: Tally, failures: Failure[], kinds: string[]) {
  test.info().annotations.push({ type: "actions by state", description: JSON.stringify(tally.done) });
  expect(failures, `actions not honoured: ${JSON.stringify(failures)}`).toEqual([]);
  for (const kind of kinds) expect(tally.total(kind), `${kind}: ${ROUNDS} of ${ROUNDS}`).toBe(ROUNDS);
}

/** Nothing the person did is undone by the answers that land after it. */
async function staysAfterRevalidations(page: Page, check: () => Promise<void>) {
  await check();
  await aRevalidationLands(page);
  await check();
}

for (const rate of [4, 6]) {
  test(`the people list at ${rate}× CPU: convert, filter, search and open, each taken once while live changes land`, async ({
    newPage,
  }) => {
    test.setTimeout(STORM_TIMEOUT_MS);
    const tag = `s${randomUUID().slice(0, 7)}`;
    const admin = await signedInPage(newPage, PEOPLE.admin, "/admin");
    const page = admin.page;
    const leads: { email: string; name: string; id: string }[] = [];
    for (const _ of [1, 2]) {
      const who = await makeLead(newPage, tag);
      leads.push({ ...who, id: await personIdOf(page, who.email) });
    }
    const changing = await makeLead(newPage, tag);
    const changingId = await personIdOf(page, changing.email);
    await makeProClient(page, changingId);

    await throttle(page, rate);
    const revalidating = watchData(page);
    const gate = new ReactGate(page);
    const posts = postsNaming(page);
    const tally = new Tally();
    const storm = publishChanges(page.request, changingId);
    let failures: Failure[] = [];
    try {
      failures = await rounds(tally, async (round, step) => {
        const lead = leads[round % 2] as (typeof leads)[number];
        await adminPost(page, lead.id, { intent: "set-role", role: "lead" });
        const convertedBefore = posts(lead.id);
        // Which step meets the page in which state: the page is opened again (same address) just before it.
        const [at, state] = PLAN[round % PLAN.length] as [number, State];
        const chosen = round % 2 === 0 ? "Clients" : "All";
        const before = async (index: number): Promise<State> => {
          if (index === 0) await openIn(page, `/admin/clients?q=${tag}`, at === 0 ? state : "awake", gate);
          else if (index === at) await openIn(page, page.url(), state, gate);
          return stateOf(page, revalidating);
        };

        const s0 = await before(0);
        await step("convert", s0, async () => {
          const row = rowOf(page, lead.email);
          await press(page, row.getByRole("button", { name: "Convert to client" }), gate);
          await expect
            .poll(() => rowCells(row).then((cells) => cells[2]), { message: "converted" })
            .toBe("client");
          await expect(page.getByRole("alert")).toHaveCount(0);
          await expect.poll(() => posts(lead.id) - convertedBefore, { message: "one convert sent" }).toBe(1);
        });

        const s1 = await before(1);
        await step("filter", s1, async () => {
          await press(page, filterLink(page, chosen), gate);
          await staysAfterRevalidations(page, async () => {
            await expect(filterLink(page, chosen)).toHaveAttribute("aria-current", "page");
            await expect(searchBox(page)).toHaveValue(tag);
            await expect(rowOf(page, lead.email)).toHaveCount(1);
          });
        });

        const s2 = await before(2);
        await step("search", s2, async () => {
          await press(page, searchBox(page), gate);
          await page.keyboard.press("ControlOrMeta+A");
          // The lead's own part of the address: one row.
          const typed = lead.email.split("@")[0]?.slice(-10) as string;
          await type(page, typed);
          await staysAfterRevalidations(page, async () => {
            await expect(searchBox(page)).toHaveValue(typed);
            await expect(listCaption(page)).toContainText(`matching “${typed}”`);
            await expect(filterLink(page, chosen)).toHaveAttribute("aria-current", "page");
          });
        });

        const s3 = await before(3);
        await step("open", s3, async () => {
          await press(page, rowOf(page, lead.email).getByRole("link", { name: "Open" }), gate);
          await expect(page).toHaveURL(new RegExp(`/admin/clients/${lead.id}$`));
          await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
          expect(posts(lead.id) - convertedBefore, "no convert sent twice").toBe(1);
        });
      });
    } finally {
      test.info().annotations.push({ type: "changes published", description: String(await storm.stop()) });
    }
    report(tally, failures, ["convert", "filter", "search", "open"]);
  });

  test(`the portal at ${rate}× CPU: links and a hand-in typed half-way, each taken once while live changes land`, async ({
    newPage,
  }) => {
    test.setTimeout(STORM_TIMEOUT_MS);
    const tag = `s${randomUUID().slice(0, 7)}`;
    const { client, admin, id } = await proClientBesideAdmin(newPage, tag);
    const titles = Array.from({ length: ROUNDS }, (_, round) => `Piece ${round + 1} ${tag}`);
    for (const title of titles) await adminPost(admin.page, id, { intent: "assign-homework", title });

    const page = client.page;
    await throttle(page, rate);
    const revalidating = watchData(page);
    const gate = new ReactGate(page);
    const posts = postsNaming(page);
    const tally = new Tally();
    const storm = publishChanges(admin.page.request, id);
    const tabs = ["Homework", "Lessons", "Plan", "Resources", "Files", "Billing"];
    let failures: Failure[] = [];
    try {
      failures = await rounds(tally, async (round, step) => {
        const tab = tabs[round % tabs.length] as string;
        await openIn(page, "/dashboard", STATES[round % 4] as State, gate);
        await step("link", await stateOf(page, revalidating), async () => {
          const portalTab = page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: tab });
          await press(page, portalTab, gate);
          await expect(page).toHaveURL(new RegExp(`/${tab.toLowerCase()}$`));
          await expect(portalTab).toHaveAttribute("aria-current", "page");
        });

        const title = titles[round] as string;
        await openIn(page, "/homework", STATES[(round + Math.floor(round / 4)) % 4] as State, gate);
        await step("hand-in", await stateOf(page, revalidating), async () => {
          const piece = page.getByRole("article", { name: title });
          const homeworkId = (await piece.getAttribute("aria-labelledby"))?.replace(/^hw-/, "") ?? "";
          const note = piece.getByRole("textbox", { name: "Note (optional)" });
          const sentBefore = posts(homeworkId, "/homework");
          const half = `Half of answer ${round + 1}`;
          await press(page, note, gate);
          await type(page, half);
          await staysAfterRevalidations(page, () => expect(note).toHaveValue(half));
          await type(page, ", and the rest");
          await press(page, piece.getByRole("button", { name: "Submit", exact: true }), gate);
          await expect(piece.getByRole("status")).toHaveText("Handed in. Your coach will review it.");
          await expect(piece).toContainText(`${half}, and the rest`);
          await expect
            .poll(() => posts(homeworkId, "/homework") - sentBefore, { message: "one hand-in sent" })
            .toBe(1);
          await aRevalidationLands(page);
          expect(posts(homeworkId, "/homework") - sentBefore, "no hand-in sent twice").toBe(1);
        });
      });
    } finally {
      test.info().annotations.push({ type: "changes published", description: String(await storm.stop()) });
    }
    report(tally, failures, ["link", "hand-in"]);
  });
}
