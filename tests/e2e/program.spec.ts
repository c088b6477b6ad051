import type { Locator, Page, Route } from "@playwright/test";
import { INTEREST_FORM } from "../../app/content/next-offer";
import { SETTINGS } from "../../app/content/settings";
import { expectNoAxeViolations } from "./appearance";
import {
  consoleErrors,
  expect,
  followLink,
  goOffline,
  gotoHydrated,
  gotoWithStoppedClock,
  isOutside,
  patientExpect,
  test,
} from "./support";

// docs/product/screens.md, Next Offer program page and Workshops.

const PROGRAM = "/next-offer-coaching-program";
const WORKSHOPS = "/workshops";

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 800, height: 900 };
const DESKTOP = { width: 1280, height: 900 };

const FORM_PAGE = {
  status: 200,
  contentType: "text/html",
  body: "<!doctype html><title>Interest form</title><h1>Interest form</h1>",
};

async function fakeFormHost(page: Page) {
  await page.context().route(isOutside, (route) => route.fulfill(FORM_PAGE));
}

/** `answer()` then answers every waiting request, and later ones. */
async function holdOutsideHosts(page: Page) {
  const waiting: Route[] = [];
  let answering = false;
  await page.context().route(isOutside, async (route) => {
    if (answering) await route.fulfill(FORM_PAGE);
    else waiting.push(route);
  });
  return {
    async answer() {
      answering = true;
      // A request the page gave up on (its iframe removed) can no longer be answered.
      for (const route of waiting.splice(0)) await route.fulfill(FORM_PAGE).catch(() => {});
    },
  };
}

async function offlineWhileLoading(page: Page) {
  await holdOutsideHosts(page);
  await gotoHydrated(page, PROGRAM, { waitUntil: "domcontentloaded" });
  await expect(page.getByText(INTEREST_FORM.loading)).toBeVisible();
  await goOffline(page);
}

function testimonials(page: Page): Locator {
  return page.getByRole("region", { name: "Client testimonials" });
}

/** The program page on a desktop, its clock stopped, and its testimonials carousel. */
async function desktopTestimonials(page: Page): Promise<Locator> {
  await page.setViewportSize(DESKTOP);
  await gotoWithStoppedClock(page, PROGRAM);
  return testimonials(page);
}

async function shownSlides(carousel: Locator): Promise<string[]> {
  return carousel.getByRole("group", { includeHidden: true }).evaluateAll((slides) => {
    const region = slides[0]?.closest('[aria-roledescription="carousel"]');
    if (!region) return [];
    const view = region.getBoundingClientRect();
    return slides
      .map((slide) => ({ slide, card: (slide.firstElementChild ?? slide).getBoundingClientRect() }))
      .filter(({ card }) => card.width > 0 && card.left >= view.left - 1 && card.right <= view.right + 1)
      .sort((a, b) => a.card.left - b.card.left)
      .map(({ slide }) => slide.getAttribute("aria-label") ?? "");
  });
}

async function chooseLightTheme(page: Page) {
  // Init scripts run in every frame; an embed's frame may not have storage of ours.
  await page.addInitScript(() => window === window.top && localStorage.setItem("theme", "light"));
}

/** The carousel engine loads only then. */
async function reachTestimonials(page: Page, inView: number) {
  const carousel = testimonials(page);
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole("group")).toHaveCount(inView);
  return carousel;
}

test("program page shows the enroll-by Sunday, the length, the weekly time and a way to compare plans", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date("2026-11-21T12:00:00-05:00"));
  await gotoHydrated(page, PROGRAM);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Next Offer/);
  const hero = page.getByRole("main");
  await expect(hero.getByText("ENROLL BY", { exact: true })).toBeVisible();
  await expect(hero.getByText("November 22nd", { exact: true })).toBeVisible();
  await expect(hero.getByText("4, 8, or 12 Weeks", { exact: true })).toBeVisible();
  await expect(hero.getByText(/Part-time, 2–5 hours per week/)).toBeVisible();

  const compare = page.getByRole("link", { name: "Compare plans", exact: true });
  await followLink(page, compare, "/pricing");
});

test("on a Sunday the enroll-by date is that same day, and from Monday it moves to the next Sunday", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date("2026-11-22T20:00:00-05:00"));
  await gotoHydrated(page, PROGRAM);
  await expect(page.getByText("November 22nd", { exact: true })).toBeVisible();

  await page.clock.setFixedTime(new Date("2026-11-30T09:00:00-05:00"));
  await gotoHydrated(page, PROGRAM);
  await expect(page.getByText("December 6th", { exact: true })).toBeVisible();
});

test("without JavaScript the page says 'this Sunday' and still offers the interest form", async ({
  newPage,
}) => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto(PROGRAM);

  await expect(page.getByText("ENROLL BY", { exact: true })).toBeVisible();
  await expect(page.getByText("this Sunday", { exact: true })).toBeVisible();
  const form = page.getByRole("link", { name: /^Open the interest form/ });
  await expect(form).toBeVisible();
  await expect(form).toHaveAttribute("href", SETTINGS.interestForm.pageUrl);
});

test("offline, the interest form gives way to a link that opens it in a new tab, and returns with the connection", async ({
  page,
}) => {
  await offlineWhileLoading(page);

  const form = page.getByRole("region", { name: "Register your interest" });
  await expect(form.getByText(/can't be shown here/)).toBeVisible();
  // The frame goes once the page has given up on it, which a busy machine can take a while to reach.
  await patientExpect(form.getByTitle(INTEREST_FORM.frameTitle)).toHaveCount(0);
  const link = form.getByRole("link", { name: "Open the interest form (opens in a new tab)" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  await expect(link).toHaveAttribute("href", /^https:\/\//);

  await page.context().unrouteAll();
  await fakeFormHost(page);
  await page.context().setOffline(false);
  await expect(form.getByTitle(INTEREST_FORM.frameTitle)).toBeVisible();
  await expect(form.getByText(/can't be shown here/)).toBeHidden();
  await expect(link).toBeVisible();
});

test("a form host that does not answer in time leaves the link, and a late form still shows", async ({
  page,
}) => {
  await page.clock.install();
  const host = await holdOutsideHosts(page);
  await gotoHydrated(page, PROGRAM, { waitUntil: "domcontentloaded" });
  const form = page.getByRole("region", { name: "Register your interest" });
  await expect(form.getByText(INTEREST_FORM.loading)).toBeVisible();

  await page.clock.runFor(INTEREST_FORM.timeoutMs + 100);
  await expect(form.getByText(/can't be shown here/)).toBeVisible();
  await expect(form.getByTitle(INTEREST_FORM.frameTitle)).toBeHidden();
  await expect(form.getByRole("link", { name: /^Open the interest form/ })).toBeVisible();

  await host.answer();
  await expect(form.getByTitle(INTEREST_FORM.frameTitle)).toBeVisible();
  await expect(
    page.frameLocator(`iframe[title="${INTEREST_FORM.frameTitle}"]`).getByRole("heading"),
  ).toHaveText("Interest form");
  await expect(form.getByText(/can't be shown here/)).toBeHidden();
});

test("an unreachable form host logs no error in the console, and the link stays", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.context().route(isOutside, (route) => route.abort("namenotresolved"));
  await gotoHydrated(page, PROGRAM);

  const form = page.getByRole("region", { name: "Register your interest" });
  // Nothing of ours asks the host first (that would fail noisily): the frame shows the browser's own error page.
  await expect(form.getByTitle(INTEREST_FORM.frameTitle)).toBeVisible();
  await expect(form.getByRole("link", { name: /^Open the interest form/ })).toBeVisible();
  await reachTestimonials(page, 3);
  const faq = page.getByRole("region", { name: "Questions about the program" });
  await faq.locator("summary").first().click();
  await expect(faq.locator("details").first()).toHaveAttribute("open", "");
  // Not "network idle": Chromium keeps retrying a frame's DNS failure by itself.
  await page.waitForTimeout(1_000);
  expect(errors).toEqual([]);
});

test("when the form host answers, the form shows in the page and the new-tab link stays", async ({
  page,
}) => {
  await fakeFormHost(page);
  await gotoHydrated(page, PROGRAM);

  const form = page.getByRole("region", { name: "Register your interest" });
  const frame = form.getByTitle("Next Offer program interest form");
  await expect(frame).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Next Offer program interest form"]').getByRole("heading"),
  ).toHaveText("Interest form");
  await expect(form.getByRole("link", { name: /^Open the interest form/ })).toBeVisible();
});

test("four review sites each show a 5.0 rating and open in a new tab", async ({ page }) => {
  await gotoHydrated(page, PROGRAM);

  const reviews = page.getByRole("region", { name: /Rated 5\.0/ });
  const links = reviews.getByRole("link");
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    await expect(link).toHaveAccessibleName(/^Rated 5\.0 on \w+/);
    await expect(link).toContainText("5.0");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(link).toHaveAttribute("href", /^https:\/\//);
  }
});

test("the gameplan has five steps and getting started has four", async ({ page }) => {
  await gotoHydrated(page, PROGRAM);

  const gameplan = page.getByRole("region", { name: "Your five-step gameplan" });
  await expect(gameplan.getByRole("listitem")).toHaveCount(5);
  await expect(gameplan.getByRole("heading", { level: 3 })).toHaveCount(5);
  await expect(page.getByRole("region", { name: "Why work with me" }).getByRole("listitem")).toHaveCount(4);

  const start = page.getByRole("region", { name: "How to start" });
  await expect(start.getByRole("listitem")).toHaveCount(4);
  await expect(start.getByRole("link", { name: "Compare plans", exact: true })).toHaveAttribute(
    "href",
    "/pricing",
  );
});

test("program questions open one answer at a time", async ({ page }) => {
  await gotoHydrated(page, PROGRAM);

  const faq = page.getByRole("region", { name: "Questions about the program" });
  await expect(faq.locator("summary").getByRole("heading", { level: 3 })).toHaveCount(3);
  const [time, length] = [faq.locator("details").nth(0), faq.locator("details").nth(1)];

  await time.locator("summary").click();
  await expect(time).toHaveAttribute("open", "");
  await expect(faq.getByText(/2–5 hours per week/)).toBeVisible();

  await length.locator("summary").click();
  await expect(length).toHaveAttribute("open", "");
  await expect(time).not.toHaveAttribute("open");
  await expect(faq.getByText(/2–5 hours per week/)).toBeHidden();

  await length.locator("summary").click();
  await expect(length).not.toHaveAttribute("open");
});

test("the testimonial carousel holds four testimonials and shows 1, 2 or 3 at a time by width", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, PROGRAM);

  const carousel = testimonials(page);
  await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
  const slides = carousel.getByRole("group", { includeHidden: true });
  await expect(slides).toHaveCount(4);
  for (const [index, slide] of (await slides.all()).entries()) {
    await expect(slide).toHaveAttribute("aria-roledescription", "slide");
    await expect(slide).toHaveAttribute("aria-label", `${index + 1} of 4`);
  }
  await carousel.scrollIntoViewIfNeeded();
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4"]);

  await page.setViewportSize(TABLET);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4", "2 of 4"]);

  await page.setViewportSize(DESKTOP);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);
});

test("previous and next buttons move one testimonial at a time and loop around", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await gotoWithStoppedClock(page, PROGRAM);

  // A press made before the carousel's code arrives is another test's case.
  const carousel = await reachTestimonials(page, 1);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4"]);
  const previous = carousel.getByRole("button", { name: "Previous testimonial" });
  const next = carousel.getByRole("button", { name: "Next testimonial" });

  await previous.click();
  await page.clock.runFor(1000);
  await expect.poll(() => shownSlides(carousel)).toEqual(["4 of 4"]);
  await expect(carousel.getByRole("group")).toHaveCount(1);
  await expect(carousel.getByRole("group")).toHaveAccessibleName("4 of 4");

  await next.click();
  await page.clock.runFor(1000);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4"]);
  await next.click();
  await page.clock.runFor(1000);
  await expect.poll(() => shownSlides(carousel)).toEqual(["2 of 4"]);
});

test("testimonials advance on their own every 2 seconds and loop", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await gotoWithStoppedClock(page, PROGRAM);
  const carousel = await reachTestimonials(page, 3);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await page.clock.runFor(1800);
  expect(await shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await page.clock.runFor(1500);
  await expect.poll(() => shownSlides(carousel)).toEqual(["2 of 4", "3 of 4", "4 of 4"]);

  await page.clock.runFor(2000);
  await expect.poll(() => shownSlides(carousel)).toEqual(["3 of 4", "4 of 4", "1 of 4"]);
});

test("hovering the testimonials pauses them until the pointer leaves", async ({ page }) => {
  const carousel = await desktopTestimonials(page);
  await carousel.scrollIntoViewIfNeeded();
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await carousel.getByRole("group", { name: "2 of 4" }).hover();
  await page.clock.runFor(6000);
  expect(await shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await page.mouse.move(5, 5);
  await page.clock.runFor(3000);
  await expect.poll(() => shownSlides(carousel)).toEqual(["2 of 4", "3 of 4", "4 of 4"]);
});

test("keyboard focus inside the testimonials pauses them, and the Pause button stops them", async ({
  page,
}) => {
  const carousel = await desktopTestimonials(page);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await page.getByRole("heading", { name: "What clients say" }).evaluate((heading) => {
    heading.setAttribute("tabindex", "-1");
    (heading as HTMLElement).focus();
  });
  await page.keyboard.press("Tab");
  const pause = carousel.getByRole("button", { name: "Pause automatic rotation" });
  await expect(pause).toBeFocused();
  await page.clock.runFor(6000);
  expect(await shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await page.keyboard.press("Enter");
  const resume = carousel.getByRole("button", { name: "Resume automatic rotation" });
  await expect(resume).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.clock.runFor(6000);
  expect(await shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await resume.click();
  await page.mouse.move(5, 5);
  await page.keyboard.press("Shift+Tab");
  await page.clock.runFor(3000);
  await expect.poll(() => shownSlides(carousel)).toEqual(["2 of 4", "3 of 4", "4 of 4"]);
});

test("with reduced motion the testimonials never move on their own", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const carousel = await desktopTestimonials(page);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await page.clock.runFor(10_000);
  expect(await shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);
  await expect(carousel.getByRole("button", { name: /automatic rotation/ })).toHaveCount(0);

  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expect.poll(() => shownSlides(carousel)).toEqual(["2 of 4", "3 of 4", "4 of 4"]);
});

test("far from the screen the testimonials are plain markup that holds still, and they start once reached", async ({
  page,
}) => {
  const carousel = await desktopTestimonials(page);
  // The engine has not loaded: all four are still exposed and none moves.
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);
  await expect(carousel.getByRole("group")).toHaveCount(4);
  await page.clock.runFor(5000);
  expect(await shownSlides(carousel)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);

  await reachTestimonials(page, 3);
  await page.mouse.move(5, 5);
  await page.clock.runFor(3500);
  await expect.poll(() => shownSlides(carousel)).toEqual(["2 of 4", "3 of 4", "4 of 4"]);
});

test("without JavaScript the testimonials are a row that scrolls sideways, all of them readable", async ({
  newPage,
}) => {
  const page = await newPage({ javaScriptEnabled: false, viewport: PHONE });
  await page.goto(PROGRAM);
  const carousel = testimonials(page);
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole("button")).toHaveCount(0);
  await expect(carousel.getByRole("group")).toHaveCount(4);
  await expect.poll(() => shownSlides(carousel)).toEqual(["1 of 4"]);
  const row = carousel.locator("[data-carousel-viewport]");
  await row.evaluate((element) => element.scrollBy({ left: element.clientWidth * 3 }));
  await expect.poll(() => shownSlides(carousel)).toEqual(["4 of 4"]);
});

test("program questions open one at a time without JavaScript: their answers are in the HTML", async ({
  newPage,
}) => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto(PROGRAM);
  const faq = page.getByRole("region", { name: "Questions about the program" });
  const questions = faq.locator("details");
  await questions.first().locator("summary").click();
  await expect(faq.getByText(/2–5 hours per week/)).toBeVisible();
  await questions.nth(1).locator("summary").click();
  await expect(questions.first()).not.toHaveAttribute("open");
  await expect(questions.nth(1)).toHaveAttribute("open", "");
  await expect(faq.getByText(/2–5 hours per week/)).toBeHidden();
});

test("workshops page offers to book a workshop through the home page's contact section", async ({ page }) => {
  await gotoHydrated(page, WORKSHOPS);

  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book a Workshop", exact: true })).toHaveAttribute(
    "href",
    "/#contact",
  );

  const booking = page.getByRole("region", { name: "Book a workshop for your club" });
  await expect(booking).toContainText(
    "In the inquiry form, choose the option “I'd like to invite you to speak at my event”.",
  );
  const inquiry = booking.getByRole("link", { name: "Open Inquiry Form", exact: true });
  await expect(inquiry).toHaveAttribute("href", "/#contact");
  await inquiry.click();
  await expect(page).toHaveURL(/\/#contact$/);
});

test("six workshop cards each give a title, a tagline, 60 or 90 minutes and an audience", async ({
  page,
}) => {
  await gotoHydrated(page, WORKSHOPS);

  const cards = page.getByRole("region", { name: "Workshops I run" }).getByRole("listitem");
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    await expect(card.getByRole("heading", { level: 3 })).toBeVisible();
    await expect(card.getByRole("paragraph").first()).not.toBeEmpty();
    const details = await card.getByRole("definition").allTextContents();
    const terms = await card.getByRole("term").allTextContents();
    expect(terms).toEqual(["Duration", "Audience"]);
    expect(details[0]).toMatch(/^(60|90) min$/);
    expect(details[1]?.trim().length).toBeGreaterThan(0);
  }
});

test("club logos and gallery pictures are described and load lazily", async ({ page }) => {
  await gotoHydrated(page, WORKSHOPS);

  const logos = page.getByRole("region", { name: "Trusted by student clubs" }).getByRole("img");
  await expect(logos).toHaveCount(6);
  const gallery = page.getByRole("region", { name: "From past workshops" }).getByRole("img");
  await expect(gallery).toHaveCount(6);
  for (const image of [...(await logos.all()), ...(await gallery.all())]) {
    await expect(image).toHaveAttribute("alt", /\w{3,}/);
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
  }
  await gallery.last().scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      gallery.evaluateAll((images) => images.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
});

test("both pages fit a 360 px wide screen without sideways scrolling", async ({ page }) => {
  await page.context().route(isOutside, (route) => route.abort("internetdisconnected"));
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of [PROGRAM, WORKSHOPS]) {
    await gotoHydrated(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
  }
});

async function prepareProgramForAxe(page: Page) {
  await holdOutsideHosts(page);
  await gotoHydrated(page, PROGRAM, { waitUntil: "domcontentloaded" });
  await reachTestimonials(page, 3);
  await goOffline(page);
  await expect(page.getByText(/can't be shown here/)).toBeVisible();
}

test("program page has no accessibility violations in the dark theme", async ({ page }) => {
  await prepareProgramForAxe(page);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

test("program page has no accessibility violations in the light theme", async ({ page }) => {
  await chooseLightTheme(page);
  await prepareProgramForAxe(page);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

test("workshops page has no accessibility violations in the dark theme", async ({ page }) => {
  await gotoHydrated(page, WORKSHOPS);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

test("workshops page has no accessibility violations in the light theme", async ({ page }) => {
  await chooseLightTheme(page);
  await gotoHydrated(page, WORKSHOPS);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});
