import type { Page } from "@playwright/test";
import { PUBLIC_PAGES } from "../../app/content/prerender";
import { personIdOf } from "./admin-pages";
import { PORTAL_PATHS } from "./portal-pages";
import { type NamedIdentity, PEOPLE, signIn } from "./sign-in";
import { patientExpect as expect, test, untilSettled } from "./support";

// Hydration replaces no element a person can act on (issue 41): a press that starts on a server-rendered
// link or button and ends after React took the page over must land on the same node, and a press held
// by app/enhancers/wake.ts must still find its button. Each page is opened, every a, button, input,
// select, textarea and form the server sent is noted before any of the page's scripts run, the page is
// woken as a person wakes it, and every one of them must still be the node in the document.

/** Besides the public pages (HTML-first, enhancers only: docs/decisions/0030-html-first-pages.md), a visitor's pages that run React: the demo (hydrates on intent) and an error page (hydrated at load). */
const VISITOR_REACT_PATHS = ["/demo", "/demo/plan", "/no-such-page"];
const PORTAL_ALL = [
  ...PORTAL_PATHS,
  "/applications",
  "/applications?view=list",
  "/files",
  "/billing",
  "/intake",
  "/agreement",
  "/account",
  "/pricing",
];
const ADMIN_PATHS = [
  "/admin",
  "/admin/clients",
  "/admin/clients?filter=leads",
  "/admin/clients?filter=clients",
  "/admin/homework",
  "/admin/job-search",
  "/admin/job-search/outcomes",
  "/admin/payments",
  "/admin/codes",
  "/admin/business",
  "/admin/business/ledger?kind=charges",
  "/admin/intake",
  "/admin/emails",
  "/admin/emails/preview",
  "/admin/emails/preview/welcome",
  "/admin/agreement",
  "/admin/lessons/new",
  "/account",
];

const CONTROLS = "a, button, input, select, textarea, form";

/** A page that has not hydrated by then is reported by name rather than timing the whole walk out. */
const HYDRATION_TIMEOUT_MS = 60_000;

type Noted = { controls: Element[]; hydrated: boolean } | undefined;

/**
 * Runs in every document before its own scripts: when the parser has finished (readyState
 * "interactive", before any deferred or module script runs), every control the server sent is noted.
 */
function noteServerControls(selector: string): void {
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    (window as { serverControls?: Noted }).serverControls = {
      controls: [...document.querySelectorAll(selector)],
      hydrated: document.documentElement.hasAttribute("data-hydrated"),
    };
  });
}

/** What the page became once awake: the noted controls no longer in the document, described. */
async function replacedControls(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const asleep = await untilSettled(page);
  if (asleep) {
    // A person: any key wakes a sleeping page (app/enhancers/wake.ts); Shift does nothing else.
    await page.keyboard.press("Shift");
    const hydrated = await page
      .waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, {
        timeout: HYDRATION_TIMEOUT_MS,
      })
      .then(
        () => true,
        () => false,
      );
    if (!hydrated) {
      const wake = await page.evaluate(() => document.documentElement.dataset.wake);
      return [`not hydrated ${HYDRATION_TIMEOUT_MS / 1000} s after a key press (data-wake="${wake}")`];
    }
  }
  return page.evaluate(async () => {
    // Whatever the first renders after hydration scheduled (effects' state changes) has run by then.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      await new Promise((resolve) => requestIdleCallback(resolve));
    }
    const noted = (window as { serverControls?: Noted }).serverControls;
    if (!noted) return ["nothing was noted before the page's scripts ran"];
    if (noted.hydrated) return ["the page had hydrated before its controls were noted"];
    const describe = (element: Element) => {
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const attributes = ["href", "type", "name", "value", "id", "aria-label", "form"]
        .map((name) => [name, element.getAttribute(name)] as const)
        .filter(([, value]) => value !== null)
        .map(([name, value]) => `${name}="${value}"`);
      return `<${element.localName} ${attributes.join(" ")}> "${text}"`;
    };
    return noted.controls.filter((element) => !element.isConnected).map(describe);
  });
}

/** Every path in `paths`, opened and woken in turn: each page's replaced controls, by page. */
async function walk(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  // A walk of many pages on a shared, busy machine: three times the usual limit.
  test.slow();
  await page.addInitScript(noteServerControls, CONTROLS);
  // Live updates would re-render what other specs change meanwhile (a new lead tops the list): not
  // what is checked here, so the stream is refused and nothing but hydration changes the page.
  await page.route(
    (url) => url.pathname === "/events",
    (route) => route.fulfill({ status: 204 }),
  );
  const replaced: Record<string, string[]> = {};
  for (const path of paths) {
    const lost = await replacedControls(page, path);
    if (lost.length > 0) replaced[`${path} (at ${new URL(page.url()).pathname})`] = lost;
  }
  return replaced;
}

test("a visitor's pages: no control the server sent is replaced once the page has its scripts", async ({
  page,
}) => {
  expect(await walk(page, [...PUBLIC_PAGES, ...VISITOR_REACT_PATHS])).toEqual({});
});

const PORTAL_PEOPLE: [string, NamedIdentity][] = [
  ["a lead", PEOPLE.lead],
  ["a Basic client", PEOPLE.basicClient],
  ["a Pro client", PEOPLE.proClient],
  ["a Premium client", PEOPLE.premiumClient],
];

for (const [who, identity] of PORTAL_PEOPLE) {
  test(`the portal as ${who}: hydration replaces no control the server sent`, async ({ page }) => {
    await signIn(page, identity, { to: "/dashboard" });
    expect(await walk(page, PORTAL_ALL)).toEqual({});
  });
}

for (const [who, identity] of [
  ["the coach", PEOPLE.coach],
  ["the admin", PEOPLE.admin],
] as const) {
  test(`the admin area as ${who}: hydration replaces no control the server sent`, async ({ page }) => {
    await signIn(page, identity, { to: "/admin" });
    const lead = await personIdOf(page, PEOPLE.lead.email);
    const client = await personIdOf(page, PEOPLE.premiumClient.email);
    const lesson = await page.request
      .get(`/admin/clients/${client}`)
      .then(async (response) => /href="\/admin\/lessons\/([0-9a-f-]{36})"/.exec(await response.text())?.[1]);
    expect(lesson, "a lesson of the seeded Premium client").toBeDefined();
    const people = [lead, client].flatMap((id) => [
      `/admin/clients/${id}`,
      `/admin/clients/${id}/files`,
      `/admin/clients/${id}/review`,
    ]);
    expect(await walk(page, [...ADMIN_PATHS, ...people, `/admin/lessons/${lesson}`])).toEqual({});
  });
}
