import type { Page } from "@playwright/test";
import { HYDRATING_EVENT } from "../../app/lib/hydrate-on-intent";
import { DATA_ROUTER_GLOBAL } from "../../app/lib/react-router-internals";
import { adminPost, plusOne, proClientBesideAdmin, quotaBar, sessionsBar } from "./admin-pages";
import { PEOPLE, signIn } from "./sign-in";
import {
  patientExpect as expect,
  firstVisit,
  gotoHydrated,
  holdReact,
  markDocument,
  type NewPage,
  REACT_CHUNK,
  REACT_ENTRY,
  reactRanBefore,
  sameDocument,
  test,
} from "./support";

// Portal and admin pages hydrate when a person first acts on them (docs/decisions/0042-hydrate-on-intent.md,
// app/enhancers/wake.ts): read as HTML first, then React with nothing a person did lost.

const CONFIRMATION = "Handed in. Your coach will review it.";

function scriptsLoaded(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

const wakeState = (page: Page) => page.evaluate(() => document.documentElement.dataset.wake);

/**
 * A second tab of a signed-in person: Chromium moves a resting mouse over a new document (a `pointermove`
 * that rightly wakes it), and this tab has had none.
 */
async function untouchedTab(page: Page): Promise<Page> {
  return page.context().newPage();
}

test("a signed-in dashboard is read with no React: the page's own scripts only, React once the person acts", async ({
  page: signingIn,
}) => {
  await signIn(signingIn, PEOPLE.proClient, { to: "/dashboard" });
  const page = await untouchedTab(signingIn);
  const scripts = scriptsLoaded(page);
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("data-wake", "asleep");
  await expect(sessionsBar(page)).toBeVisible();
  // The first load's budget: about 6 script requests (docs/decisions/0042-hydrate-on-intent.md).
  expect(scripts.length, scripts.join(", ")).toBeLessThanOrEqual(6);
  expect(scripts.some((url) => REACT_ENTRY.test(url) || REACT_CHUNK.test(url))).toBe(false);
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);

  await page.keyboard.press("Shift");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  expect(scripts.some((url) => REACT_ENTRY.test(url))).toBe(true);
  expect(scripts.some((url) => REACT_CHUNK.test(url))).toBe(true);
  expect(await wakeState(page)).toBe("awake");
  // Where app/lib/react-router-internals.ts reads the router's state (its contract test can't see a browser).
  const shown = await page.evaluate((name) => {
    type Read = {
      revalidation?: unknown;
      navigation?: { state?: unknown };
      location?: { pathname?: unknown };
      loaderData?: unknown;
    };
    const state = (window as unknown as Record<string, { state?: Read } | undefined>)[name]?.state;
    return {
      revalidation: typeof state?.revalidation,
      navigation: typeof state?.navigation?.state,
      pathname: state?.location?.pathname,
      loaderData: typeof state?.loaderData,
    };
  }, DATA_ROUTER_GLOBAL);
  expect(shown).toEqual({
    revalidation: "string",
    navigation: "string",
    pathname: "/dashboard",
    loaderData: "object",
  });
});

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("times read in the reader's time zone before React arrives, and the same after", async ({ page }) => {
    await signIn(page, PEOPLE.proClient, { to: "/dashboard" });
    const served = await (await page.request.get("/dashboard")).text();
    const react = await holdReact(page);
    await page.goto("/dashboard");
    const time = page.locator("main time[data-local]").first();
    const dateTime = await time.getAttribute("datetime");
    const shape = await time.getAttribute("data-local");
    const tokyo = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Tokyo",
      year: "numeric",
      month: "short",
      day: "numeric",
      ...(shape === "date-time" ? { hour: "numeric", minute: "2-digit" } : {}),
    }).format(new Date(dateTime ?? ""));
    await expect(time).toHaveText(tokyo);
    // The server wrote the coach's zone, 13 or 14 hours away.
    expect(served).not.toContain(`>${tokyo}</time>`);

    await page.keyboard.press("Shift");
    react.release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(time).toHaveText(tokyo);
  });
});

test("a press made before React arrives is answered once it has: the theme switch", async ({ page }) => {
  await signIn(page, PEOPLE.proClient, { to: "/dashboard" });
  const react = await holdReact(page);
  await page.goto("/dashboard");
  const light = page.getByRole("banner").getByRole("radio", { name: "Light" });
  await page
    .getByRole("banner")
    .getByRole("group", { name: "Theme" })
    .getByText("Light", { exact: true })
    .click();
  expect(await wakeState(page)).toBe("waking");
  await expect(light).not.toBeChecked();
  await expect(page.locator("html")).toHaveClass(/dark/);

  react.release();
  await expect(light).toBeChecked();
  await expect(page.locator("html")).not.toHaveClass(/dark/);

  // What the server writes, read before React: the switch shows the theme the page is in.
  const served = await (await page.request.get("/dashboard")).text();
  const checked = [...served.matchAll(/<input type="radio"[^>]*>/g)]
    .filter(([tag]) => tag.includes('checked=""'))
    .map(([tag]) => /value="(\w+)"/.exec(tag)?.[1]);
  expect(new Set(checked)).toEqual(new Set(["light"]));
});

/** A fresh Pro client hands in a new piece with a note while React is held back. */
/** A hand-in held before React, on a later visit (React ran here before, so the press waits for it). */
async function handInBeforeReact(newPage: NewPage, title: string, note: string) {
  const { client, admin, id } = await proClientBesideAdmin(newPage, "Wake");
  await adminPost(admin.page, id, { intent: "assign-homework", title });
  const page = client.page;
  await reactRanBefore(page, "/homework");
  const react = await holdReact(page);
  await page.goto("/homework");
  await markDocument(page);
  const piece = page.getByRole("article", { name: title });
  await piece.getByRole("textbox", { name: "Note (optional)" }).fill(note);
  await piece.getByRole("button", { name: "Submit", exact: true }).click();
  return { page, piece, react };
}

test("homework handed in before React arrives on a later visit: the typed note and the submission reach React, no reload", async ({
  newPage,
}) => {
  const note = "Written before React came";
  const { page, piece, react } = await handInBeforeReact(newPage, "Wake-up piece", note);
  expect(await wakeState(page)).toBe("waking");
  await expect(page).toHaveURL(/\/homework$/);

  react.release();
  await expect(piece.getByRole("status")).toHaveText(CONFIRMATION);
  await expect(piece).toContainText(note);
  expect(await sameDocument(page), "the page was reloaded").toBe(true);
});

/**
 * A client's /homework with two pieces, on a first visit (app/lib/first-visit.ts), React held; the phone's
 * 360×640 leaves the second piece's answer below the fold unless the page comes back scrolled to it.
 */
async function firstVisitWithTwoPieces(newPage: NewPage, prefix: string, titles: [string, string]) {
  const { client, admin, id } = await proClientBesideAdmin(newPage, prefix);
  for (const title of titles) await adminPost(admin.page, id, { intent: "assign-homework", title });
  const page = client.page;
  await page.setViewportSize({ width: 360, height: 640 });
  await firstVisit(page);
  const react = await holdReact(page);
  await page.goto("/homework");
  return { page, react, inPiece: (title: string) => page.getByRole("article", { name: title }) };
}

test("on a first visit a held hand-in goes out as a document, and each answer shows beside its own form, in view", async ({
  newPage,
}) => {
  const [handed, refused] = ["First-visit piece", "First-visit empty piece"];
  const { page, inPiece } = await firstVisitWithTwoPieces(newPage, "FirstVisit", [handed, refused]);
  await markDocument(page);
  const note = "Sent before React, as a page";
  await inPiece(handed).getByRole("textbox", { name: "Note (optional)" }).fill(note);
  await inPiece(handed).getByRole("button", { name: "Submit", exact: true }).click();
  await expect(inPiece(handed).getByRole("status")).toHaveText(CONFIRMATION);
  expect(await sameDocument(page), "a document came back").toBe(false);
  const homeworkId = new URL(page.url()).searchParams.get("answer-for");
  expect(homeworkId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(inPiece(handed)).toContainText(`You handed this in on`);
  await expect(inPiece(handed)).toContainText(note);
  await expect(inPiece(handed).getByRole("status")).toBeInViewport();
  await expect(inPiece(handed).getByRole("status")).toBeFocused();
  await expect(inPiece(refused).getByRole("status")).toHaveCount(0);

  // Nothing added: without React the browser's check can't run, so the server's refusal shows, on its form only.
  await markDocument(page);
  await inPiece(refused).getByRole("button", { name: "Submit", exact: true }).click();
  const refusal = inPiece(refused).getByRole("alert").filter({ hasText: "Add a link, a note or a file" });
  await expect(refusal).toBeInViewport();
  await expect(refusal).toBeFocused();
  expect(await sameDocument(page), "a document came back").toBe(false);
  await expect(inPiece(handed).getByRole("alert")).toHaveCount(0);
  await expect(inPiece(handed).getByRole("status")).toHaveCount(0);
  // React, held since the typing woke the first page, never ran: both answers were the server's pages.
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
});

test("on a first visit a held hand-in waits for React when another form holds typed text, which a new page would drop", async ({
  newPage,
}) => {
  const [typedIn, handedIn] = ["Half-typed piece", "Handed-in piece"];
  const { page, react, inPiece } = await firstVisitWithTwoPieces(newPage, "FirstVisitTyped", [
    typedIn,
    handedIn,
  ]);
  await markDocument(page);
  const draft = "Not sent yet";
  await inPiece(typedIn).getByRole("textbox", { name: "Note (optional)" }).fill(draft);
  await inPiece(handedIn).getByRole("textbox", { name: "Link (optional)" }).fill("https://example.com/work");
  await inPiece(handedIn).getByRole("button", { name: "Submit", exact: true }).click();
  expect(await wakeState(page)).toBe("waking");

  react.release();
  await expect(inPiece(handedIn).getByRole("status")).toHaveText(CONFIRMATION);
  await expect(inPiece(typedIn).getByRole("textbox", { name: "Note (optional)" })).toHaveValue(draft);
  expect(await sameDocument(page), "the page was reloaded").toBe(true);
});

// Found by the storm at 25 rounds (tests/e2e/storm.spec.ts): React hydrates in a transition, yielding between
// slices, so keys land after the wake enhancer has read the fields; what it hands React must include them.
test("keys typed while React hydrates stay in the field and reach React", async ({ newPage }) => {
  const { client, admin, id } = await proClientBesideAdmin(newPage, "HydratingKeys");
  const title = "Typed across hydration";
  await adminPost(admin.page, id, { intent: "assign-homework", title });
  const page = client.page;
  // Text goes in as typing does (an input event the browser fires), just after the fields were read for React.
  await page.addInitScript((event) => {
    document.addEventListener(event, () =>
      queueMicrotask(() => {
        if (document.activeElement instanceof HTMLTextAreaElement)
          document.execCommand("insertText", false, " during");
      }),
    );
  }, HYDRATING_EVENT);
  const react = await holdReact(page);
  await page.goto("/homework");
  const piece = page.getByRole("article", { name: title });
  const note = piece.getByRole("textbox", { name: "Note (optional)" });
  await note.click();
  await page.keyboard.type("Before");
  react.release();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await page.keyboard.type(" after");
  await expect(note).toHaveValue("Before during after");
  await piece.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(piece.getByRole("status")).toHaveText(CONFIRMATION);
  await expect(piece).toContainText("Before during after");
});

test("when React cannot be had, a held submission goes out as a plain form and the server answers it", async ({
  newPage,
}) => {
  const note = "Sent without React";
  const { page, piece, react } = await handInBeforeReact(newPage, "Offline-ish piece", note);
  react.fail();
  await expect(piece).toContainText(note);
  expect(await sameDocument(page), "a plain form loads a new document").toBe(false);
});

// The stream first replays the last 5 s (app/server/entries/streams.server.ts CATCH_UP_MARGIN_MS), so the
// Pro plan just given may be what wakes it: either way a change, not a person.
test("a page nobody touched wakes for a change the server announces, and shows it", async ({ newPage }) => {
  const { person, admin, id } = await proClientBesideAdmin(newPage, "Untouched");
  const signingIn = await newPage();
  await signIn(signingIn, person, { to: "/dashboard" });
  const page = await untouchedTab(signingIn);
  await page.goto("/dashboard");
  await expect(sessionsBar(page)).toHaveAttribute("aria-valuetext", "0 of 4 used");
  await markDocument(page);

  await gotoHydrated(admin.page, `/admin/clients/${id}`);
  await plusOne(admin.page, "30-minute coaching session").click();
  await expect(quotaBar(admin.page, "30-minute coaching session")).toHaveAttribute(
    "aria-valuetext",
    "1 of 4 used",
  );
  await expect(sessionsBar(page)).toHaveAttribute("aria-valuetext", "1 of 4 used");
  expect(await page.evaluate(() => document.documentElement.dataset.wokenBy)).toBe("change");
  expect(await sameDocument(page), "the dashboard was reloaded").toBe(true);
});
