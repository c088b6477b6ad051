import type { Locator, Page } from "@playwright/test";
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
  test,
} from "./support";

// Home, About, FAQ and Privacy (docs/product/screens.md), accessibility in both themes.

const COACH_CAROUSEL = "Companies I've interviewed with";

/** A parse error fails the test. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function visibleLogos(carousel: Locator): Promise<string[]> {
  return carousel.evaluate((region) => {
    const viewport = region.querySelector(".overflow-hidden")?.getBoundingClientRect();
    if (!viewport) return [];
    return [...region.querySelectorAll("img")]
      .map((img) => ({
        name: img.alt,
        box: img.closest("[aria-roledescription=slide]")?.getBoundingClientRect(),
      }))
      .filter(({ box }) => box && box.left >= viewport.left - 10 && box.right <= viewport.right + 10)
      .sort((a, b) => (a.box?.left ?? 0) - (b.box?.left ?? 0))
      .map(({ name }) => name);
  });
}

async function firstVisibleLogo(carousel: Locator): Promise<string | undefined> {
  return (await visibleLogos(carousel))[0];
}

/** The slides never change order; only their position moves. */
async function allLogos(carousel: Locator): Promise<string[]> {
  return carousel.getByRole("img").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt));
}

async function settledFirstLogo(carousel: Locator): Promise<string> {
  let previous: string | undefined;
  await expect
    .poll(async () => {
      const current = await firstVisibleLogo(carousel);
      const settled = current !== undefined && current === previous;
      previous = current;
      return settled;
    })
    .toBe(true);
  return previous as string;
}

/** An observer made after the enhancer's is told of the same crossing after it. */
async function nearTheScreen(carousel: Locator): Promise<void> {
  await carousel.evaluate(
    (root) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          (entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            observer.disconnect();
            resolve();
          },
          { rootMargin: "200px 0px" },
        );
        observer.observe(root);
      }),
  );
}

function useLightTheme(page: Page) {
  // Init scripts run in every frame; an embed's frame may not have storage of ours.
  return page.addInitScript(() => window === window.top && localStorage.setItem("theme", "light"));
}

test("home hero states the offer, the rating and the coach, and leads to pricing", async ({ page }) => {
  await gotoHydrated(page, "/");

  await expect(page.getByText("Career coaching for software engineers")).toBeVisible();
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Land your next offer with a coach who has sat on the other side of the table.",
    }),
  ).toBeVisible();
  await expect(page.getByText(/I've run technical interviews and reviewed hiring packets/)).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("listitem").filter({ hasText: "Mock interviews with feedback" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "make it past the first screen" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "fits around classes" })).toBeVisible();
  await expect(page.getByText("Coached 115+ aspiring SWEs", { exact: true })).toBeVisible();

  await expect(page.getByRole("heading", { level: 2, name: SETTINGS.coach.name })).toBeVisible();
  await expect(page.getByText(SETTINGS.coach.credentials)).toBeVisible();
  await expect(main.getByRole("link", { name: "More about my work" })).toHaveAttribute("href", "/about");

  await expect(page.locator("script[data-page-view-analytics]")).toHaveCount(0);

  const pricing = main.getByRole("link", { name: "See plans and pricing" });
  await followLink(page, pricing, "/pricing");
});

test("contact section loads its embeds only when reached and, offline, keeps working links", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await gotoHydrated(page, "/");
  const contact = page.locator("section#contact");
  await expect(contact.getByRole("heading", { level: 2, name: "Get in touch" })).toBeAttached();
  await expect(page.locator("iframe")).toHaveCount(0);

  await goOffline(page);
  await contact.scrollIntoViewIfNeeded();

  const form = contact.getByRole("link", { name: /Open the contact form/ });
  await expect(form).toBeVisible();
  await expect(form).toHaveAttribute("href", SETTINGS.contactForm.pageUrl);
  await expect(form).toHaveAttribute("target", "_blank");
  await expect(form).toHaveAttribute("rel", /\bnoopener\b/);

  const calendar = contact.getByRole("link", { name: /Open the booking calendar/ });
  await expect(calendar).toBeVisible();
  const href = new URL((await calendar.getAttribute("href")) ?? "");
  expect(`${href.origin}${href.pathname}`).toBe(SETTINGS.scheduling.link);
  expect(href.searchParams.get("layout")).toBe("month_view");
  expect(href.searchParams.get("theme")).toBe("dark");
  await expect(calendar).toHaveAttribute("target", "_blank");
  await expect(calendar).toHaveAttribute("rel", /\bnoopener\b/);

  // Offline: both give up at once, without a request, and the links stay.
  await expect(contact.getByText("Sorry, the form couldn’t load here.", { exact: false })).toBeVisible();
  await expect(contact.getByText("Sorry, the calendar couldn’t load here.", { exact: false })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(calendar).toBeVisible();

  await contact.getByRole("button", { name: "Try again" }).last().click();
  await expect(contact.getByText("Sorry, the calendar couldn’t load here.", { exact: false })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(errors).toEqual([]);

  await page.context().route(isOutside, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Embed</title><p>Embed</p>",
    }),
  );
  await page.context().setOffline(false);
  await expect(contact.getByTitle(/contact form/i)).toBeVisible();
  await expect(contact.locator("iframe")).toHaveCount(2);
  for (const frame of await contact.locator("iframe").all()) await expect(frame).toBeVisible();
  await expect(contact.getByRole("button", { name: "Try again" })).toHaveCount(0);
});

test("contact embeds whose providers are unreachable log no error in the console, and the links stay", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.context().route(isOutside, (route) => route.abort("namenotresolved"));
  await gotoHydrated(page, "/");
  const contact = page.locator("section#contact");
  await contact.scrollIntoViewIfNeeded();
  // Nothing of ours asks the providers first (that would fail noisily): the frames show the browser's own error page.
  await expect(contact.locator("iframe")).toHaveCount(2);
  for (const frame of await contact.locator("iframe").all()) await expect(frame).toBeVisible();
  await expect(contact.getByRole("link", { name: /Open the contact form/ })).toBeVisible();
  await expect(contact.getByRole("link", { name: /Open the booking calendar/ })).toBeVisible();
  // Not "network idle": Chromium keeps retrying a frame's DNS failure by itself.
  await page.waitForTimeout(1_000);
  expect(errors).toEqual([]);
});

test("home page publishes the coach as a schema.org Person", async ({ page }) => {
  await page.goto("/");
  const person = (await jsonLd(page)).find((data) => data["@type"] === "Person");
  expect(person).toMatchObject({
    "@context": "https://schema.org",
    name: SETTINGS.coach.name,
    jobTitle: SETTINGS.coach.jobTitle,
  });
  expect(person?.url).toMatch(/^https?:\/\/.+\/$/);
  expect(person?.sameAs).toEqual([
    expect.stringMatching(/^https:\/\//),
    expect.stringMatching(/^https:\/\//),
    expect.stringMatching(/^https:\/\//),
  ]);
});

function faqQuestion(page: Page, name: string | RegExp) {
  const heading = page.getByRole("heading", { level: 2, name });
  const main = page.getByRole("main");
  return {
    summary: main.locator("summary", { has: heading }),
    item: main.locator("details", { has: heading }),
  };
}

test("FAQ lists ten questions in an accordion that keeps one answer open at a time", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();

  const items = page.getByRole("main").locator("details");
  await expect(items).toHaveCount(10);
  await expect(page.getByRole("main").locator("summary").getByRole("heading", { level: 2 })).toHaveCount(10);
  for (const item of await items.all()) await expect(item).not.toHaveAttribute("open");

  const mock = faqQuestion(page, "What does a mock interview look like?");
  const referral = faqQuestion(page, "Do you have a referral program?");

  await mock.summary.click();
  await expect(mock.item).toHaveAttribute("open", "");
  await expect(page.getByText(/a 45-minute interview, .*followed by 15 minutes of feedback/)).toBeVisible();

  await referral.summary.click();
  await expect(referral.item).toHaveAttribute("open", "");
  await expect(mock.item).not.toHaveAttribute("open");
  await expect(page.getByText(/10% of it in cash or a 10% discount on a future booking/)).toBeVisible();
  await expect(page.getByText(/45-minute interview/)).toBeHidden();

  await referral.summary.click();
  await expect(referral.item).not.toHaveAttribute("open");
  await expect(page.getByText(/10% of it in cash/)).toBeHidden();
});

test("FAQ accordion works from the keyboard", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  const first = faqQuestion(page, "What kind of guidance do you offer?");
  const second = faqQuestion(page, /What happens in a coaching session/);

  await first.summary.focus();
  await page.keyboard.press("Enter");
  await expect(first.item).toHaveAttribute("open", "");

  await page.keyboard.press("Tab");
  await expect(page.getByRole("main").getByRole("link", { name: "See plans and pricing" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(second.summary).toBeFocused();
  await page.keyboard.press("Space");
  await expect(second.item).toHaveAttribute("open", "");
  await expect(first.item).not.toHaveAttribute("open");
  await expect(page.getByText(/online on a video-meeting tool/)).toBeVisible();

  await page.keyboard.press("Space");
  await expect(second.item).not.toHaveAttribute("open");
});

test("FAQ answers are in the server's HTML, and the questions open one at a time without JavaScript", async ({
  request,
  newPage,
}) => {
  // Search engines and a reader before hydration get every answer.
  const html = await (await request.get("/faq")).text();
  expect(html).toContain("followed by 15 minutes of feedback");
  expect(html).toContain("10% of it in cash or a 10% discount on a future booking");

  const page = await newPage({ javaScriptEnabled: false });
  await page.goto("/faq");
  const mock = faqQuestion(page, "What does a mock interview look like?");
  const referral = faqQuestion(page, "Do you have a referral program?");
  await mock.summary.click();
  await expect(page.getByText(/a 45-minute interview, .*followed by 15 minutes of feedback/)).toBeVisible();
  await referral.summary.click();
  await expect(page.getByText(/10% of it in cash/)).toBeVisible();
  await expect(mock.item).not.toHaveAttribute("open");
  await expect(page.getByText(/45-minute interview/)).toBeHidden();
});

test("FAQ answers state the program's facts", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  const open = async (name: string | RegExp) => faqQuestion(page, name).summary.click();

  await open("How many sessions will I need?");
  await expect(page.getByText(/4, 8 or 12 weeks, part-time, with 2–5 hours of work per week/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Book an intro call" })).toHaveAttribute(
    "href",
    "/#contact",
  );

  await open(/What happens in a coaching session/);
  await expect(page.getByText(/A single session lasts 1 hour\./)).toBeVisible();

  await open("What's the difference between Basic, Pro and Premium?");
  await expect(page.getByText(/Basic: 1 mock interview\. Pro: 3 mock interviews/)).toBeVisible();
  await expect(page.getByText(/Premium: 6 mock interviews, 16 coaching sessions/)).toBeVisible();
});

test("FAQ's 'Still have questions?' leads to the home page's contact section", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  const link = page.getByRole("link", { name: "Still have questions?" });
  await expect(link).toHaveAttribute("href", "/#contact");
  await link.click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.getByRole("heading", { level: 2, name: "Get in touch" })).toBeInViewport();
});

test("FAQ publishes its questions as a schema.org FAQPage with plain-text answers", async ({ page }) => {
  await page.goto("/faq");
  const faq = (await jsonLd(page)).find((data) => data["@type"] === "FAQPage");
  const entities = faq?.mainEntity as { "@type": string; name: string; acceptedAnswer: { text: string } }[];
  expect(entities).toHaveLength(10);
  for (const entity of entities) {
    expect(entity["@type"]).toBe("Question");
    expect(entity.name).toMatch(/\?$/);
    expect(entity.acceptedAnswer.text.length).toBeGreaterThan(20);
    expect(entity.acceptedAnswer.text).not.toMatch(/<[a-z]/i);
  }
  expect(entities.map((e) => e.acceptedAnswer.text).join(" ")).toContain("15 minutes of feedback");
});

test("About shows the four stats and the six 'My Work' cards", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  for (const [value, label] of [
    ["50+", "clients helped"],
    ["200+", "interviews conducted"],
    ["50+", "workshops delivered"],
    ["50+", "office hours held"],
  ]) {
    const term = page.getByRole("term").filter({ hasText: label });
    await expect(term).toBeVisible();
    await expect(term.locator("xpath=following-sibling::dd")).toHaveText(value as string);
  }

  await expect(page.getByRole("heading", { level: 2, name: "My Work" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(6);
  const expected = [
    ["Hiring committee", "40+ packets reviewed"],
    ["Technical interviews", "200+ technical interviews"],
    ["Interview experience", COACH_CAROUSEL],
    ["Recruiting trips", "recruiting trips"],
    ["Intern mentoring", "6 interns secured offers"],
    ["Client wins", "signed their first offer"],
  ];
  for (const [index, [title, text]] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(title as string);
    await expect(card).toContainText(text as string);
  }
});

test("logo carousel is labelled and its previous/next buttons move one logo", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/about");
  const carousel = page.getByRole("region", { name: COACH_CAROUSEL });
  await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
  const slides = carousel.getByRole("group");
  const logos = await allLogos(carousel);
  await expect(slides).toHaveCount(logos.length);
  await expect(slides.first()).toHaveAttribute("aria-roledescription", "slide");
  await expect(slides.first()).toHaveAccessibleName(`1 of ${logos.length}`);
  await expect(slides.last()).toHaveAccessibleName(`${logos.length} of ${logos.length}`);

  await carousel.hover();
  const start = await settledFirstLogo(carousel);
  const at = logos.indexOf(start);

  await carousel.getByRole("button", { name: "Next logos" }).click();
  await expect.poll(() => firstVisibleLogo(carousel)).toBe(logos[(at + 1) % logos.length]);
  await carousel.getByRole("button", { name: "Previous logos" }).click();
  await expect.poll(() => firstVisibleLogo(carousel)).toBe(start);
  await carousel.getByRole("button", { name: "Previous logos" }).click();
  await expect.poll(() => firstVisibleLogo(carousel)).toBe(logos[(at - 1 + logos.length) % logos.length]);
});

// The page's clock is stopped (gotoWithStoppedClock), so no load on the machine can stretch the 2 s rotation.

test("logo carousel moves on by itself every 2 seconds", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoWithStoppedClock(page, "/about");
  const carousel = page.getByRole("region", { name: COACH_CAROUSEL });
  const logos = await allLogos(carousel);
  await carousel.hover();
  await nearTheScreen(carousel);
  const first = await settledFirstLogo(carousel);
  const after = (steps: number) => logos[(logos.indexOf(first) + steps) % logos.length];
  await page.mouse.move(5, 5);

  await page.clock.runFor(1_900);
  expect(await firstVisibleLogo(carousel)).toBe(first);
  await page.clock.runFor(200);
  await expect.poll(() => firstVisibleLogo(carousel)).toBe(after(1));
  await page.clock.runFor(1_800);
  expect(await firstVisibleLogo(carousel)).toBe(after(1));
  await page.clock.runFor(200);
  await expect.poll(() => firstVisibleLogo(carousel)).toBe(after(2));
});

test("logo carousel holds still while hovered and when paused, and resumes after", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoWithStoppedClock(page, "/about");
  const carousel = page.getByRole("region", { name: COACH_CAROUSEL });

  await carousel.hover();
  await nearTheScreen(carousel);
  const held = await settledFirstLogo(carousel);
  await page.clock.runFor(6_000);
  expect(await firstVisibleLogo(carousel)).toBe(held);

  await page.mouse.move(5, 5);
  await page.clock.runFor(2_100);
  await expect.poll(() => firstVisibleLogo(carousel)).not.toBe(held);

  await carousel.getByRole("button", { name: "Pause automatic rotation" }).click();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(carousel.getByRole("button", { name: "Resume automatic rotation" })).not.toBeFocused();
  const paused = await settledFirstLogo(carousel);
  await page.clock.runFor(6_000);
  expect(await firstVisibleLogo(carousel)).toBe(paused);
  await expect(carousel.getByRole("button", { name: "Resume automatic rotation" })).toBeVisible();
});

test("logo carousel holds still while a keyboard user is inside it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoWithStoppedClock(page, "/about");
  const carousel = page.getByRole("region", { name: COACH_CAROUSEL });
  await page.mouse.move(5, 5);
  await carousel.getByRole("button", { name: "Next logos" }).focus();
  await nearTheScreen(carousel);
  const held = await settledFirstLogo(carousel);
  await page.clock.runFor(6_000);
  expect(await firstVisibleLogo(carousel)).toBe(held);
});

test("with reduced motion the logo carousel never moves by itself", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoWithStoppedClock(page, "/about");
  const carousel = page.getByRole("region", { name: COACH_CAROUSEL });
  const logos = await allLogos(carousel);
  await page.mouse.move(5, 5);
  await carousel.scrollIntoViewIfNeeded();
  await nearTheScreen(carousel);

  expect(await firstVisibleLogo(carousel)).toBe(logos[0]);
  await page.clock.runFor(10_000);
  expect(await firstVisibleLogo(carousel)).toBe(logos[0]);
  await expect(carousel.getByRole("button", { name: /automatic rotation/ })).toHaveCount(0);

  await carousel.getByRole("button", { name: "Next logos" }).click();
  await expect.poll(() => firstVisibleLogo(carousel)).toBe(logos[1]);
});

test("logo carousel shows four logos per view on a desktop and two at 768 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/about");
  const carousel = page.getByRole("region", { name: COACH_CAROUSEL });
  await carousel.hover();
  await settledFirstLogo(carousel);
  await expect.poll(async () => (await visibleLogos(carousel)).length).toBe(4);

  await page.setViewportSize({ width: 768, height: 900 });
  await carousel.scrollIntoViewIfNeeded();
  await carousel.hover();
  await settledFirstLogo(carousel);
  await expect.poll(async () => (await visibleLogos(carousel)).length).toBe(2);
});

test("privacy policy states every point of the policy and how to reach the operator", async ({ page }) => {
  await gotoHydrated(page, "/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText("Last updated October 5, 2025")).toBeVisible();

  const main = page.getByRole("main");
  for (const fact of [
    SETTINGS.operator.name,
    SETTINGS.operator.siteUrl,
    /Google sign-in, and only for identity/,
    /your name, your email address and your Google user ID/,
    /site host: the server that runs this website and its PostgreSQL database/,
    /role-based policies/,
    /We run no analytics tools/,
    /card payment provider/,
    /We do not sell personal data/,
    /not for children under 13/,
    /copy of the personal data we hold about you, or ask us to delete it/,
  ]) {
    await expect(main.getByText(fact).first()).toBeVisible();
  }

  const mail = main.getByRole("link", { name: SETTINGS.operator.email }).last();
  await expect(mail).toHaveAttribute("href", `mailto:${SETTINGS.operator.email}`);
});

async function prepareForAxe(page: Page, path: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  if (path === "/") {
    await goOffline(page);
    await page.locator("section#contact").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(2);
  }
  if (path === "/faq") await faqQuestion(page, "Do you offer discounts?").summary.click();
}

for (const path of ["/", "/about", "/faq", "/privacy"]) {
  test(`${path} has no accessibility violations in the dark theme`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await prepareForAxe(page, path);
    await expectNoAxeViolations(page);
  });

  test(`${path} has no accessibility violations in the light theme`, async ({ page }) => {
    await useLightTheme(page);
    await gotoHydrated(page, path);
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await prepareForAxe(page, path);
    await expectNoAxeViolations(page);
  });
}
