import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import {
  expect as baseExpect,
  chooseLightTheme,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PEOPLE,
  region,
  signIn,
  test,
} from "./support";

// The client portal (docs/product/screens.md and states.md; docs/decisions/0012-portal.md) as the seeded people.
// Only Maya and, in one test, Sofia hand in homework no other test reads, so each test reads what was seeded.

// The machine is shared and busy: wait generously on the server, never with fixed sleeps.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const PORTAL_PATHS = ["/dashboard", "/lessons", "/homework", "/resources", "/plan"] as const;
const PHONE_360 = { width: 360, height: 780 };

const main = (page: Page) => page.getByRole("main");
const heading1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const demoBanner = (page: Page) => page.getByRole("complementary", { name: "Demo" });
const loadingStatus = (page: Page) => main(page).getByRole("status").filter({ hasText: "Loading…" });

function quotaCard(page: Page, label: string): Locator {
  return region(page, "Sessions and mock interviews")
    .locator(".grid > div")
    .filter({ has: page.getByRole("heading", { level: 3, name: label, exact: true }) });
}

async function expectQuota(page: Page, label: string, used: number, included: number, percent: number) {
  const card = quotaCard(page, label);
  await expect(card).toContainText(`${used} / ${included}`);
  const bar = page.getByRole("progressbar", { name: label, exact: true });
  await expect(bar).toHaveAttribute("aria-valuenow", String(percent));
  await expect(bar).toHaveAttribute("aria-valuetext", `${used} of ${included} used`);
  await expect(card).not.toContainText("Not included in your plan");
}

async function expectNotIncluded(page: Page, label: string) {
  const card = quotaCard(page, label);
  await expect(card).toContainText("Not included in your plan");
  await expect(page.getByRole("progressbar", { name: label, exact: true })).toHaveCount(0);
}

async function specialItems(page: Page): Promise<[string, string][]> {
  const rows = region(page, "Reviews and extras").locator("ul > li");
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((items) =>
    items.map((li) => [
      li.children[0]?.textContent?.trim() ?? "",
      li.children[1]?.textContent?.replace("✓", "").trim() ?? "",
    ]),
  ) as Promise<[string, string][]>;
}

function activityEntries(page: Page): Locator {
  return region(page, "Recent activity").locator("ol > li");
}

async function expectNewestFirst(times: Locator) {
  const stamps = (await times.evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""))).map(
    (s) => Date.parse(s),
  );
  expect(stamps.every((t) => Number.isFinite(t))).toBe(true);
  expect(stamps, "newest first").toEqual([...stamps].sort((a, b) => b - a));
}

const itemTitles = (page: Page) => main(page).getByRole("heading", { level: 2 });

const PRO_SPECIALS: [string, string][] = [
  ["Resume review", "Completed"],
  ["LinkedIn review", "Completed"],
  ["GitHub review", "Pending"],
  ["Personal website review", "Pending"],
  ["Strategy call (90m)", "Completed"],
  ["DSA survey", "Pending"],
  ["Networking playbook", "Pending"],
];

test("the pro client's dashboard shows the seeded quotas, special items and recent activity", async ({
  page,
}) => {
  await signIn(page, PEOPLE.proClient);
  await expect(heading1(page, "Dashboard")).toBeVisible();
  await expect(main(page)).toContainText("Welcome back, Daniel");
  await expect(demoBanner(page)).toHaveCount(0);

  await expectQuota(page, "Mock interview", 2, 3, 67);
  await expectQuota(page, "30-minute coaching session", 3, 4, 75);

  expect(await specialItems(page)).toEqual(PRO_SPECIALS);
  await expect(region(page, "Reviews and extras")).not.toContainText("Local networking events list");

  const entries = activityEntries(page);
  await expect(entries).toHaveCount(5);
  const titles = [
    "Onsite prep call",
    "Referral sent",
    "Mock interview: arrays and hashing",
    "Resume review completed",
    "Welcome to coaching",
  ];
  for (const [index, title] of titles.entries()) {
    await expect(entries.nth(index).locator("p").first()).toHaveText(title);
  }
  await expectNewestFirst(region(page, "Recent activity").locator("ol > li time"));
  await expect(entries.nth(1)).toContainText("https://example.com/jobs/1234");

  const links = region(page, "Recent activity").getByRole("link");
  await expect(links).toHaveCount(2);
  await expect(links.filter({ hasText: "Annotated resume" })).toHaveAttribute(
    "href",
    "https://example.com/docs/resume-annotated",
  );
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
});

test("the basic client's dashboard says coaching sessions are not included in the plan", async ({ page }) => {
  await signIn(page, PEOPLE.basicClient);
  await expect(heading1(page, "Dashboard")).toBeVisible();
  await expectNotIncluded(page, "30-minute coaching session");
  await expectQuota(page, "Mock interview", 1, 1, 100);
  expect(await specialItems(page)).toEqual([
    ["Resume review", "Completed"],
    ["LinkedIn review", "Pending"],
    ["GitHub review", "Pending"],
    ["Personal website review", "Pending"],
  ]);
  await expect(activityEntries(page)).toHaveCount(3);
});

test("lessons list the client's own lessons newest first, with recording links in a new tab", async ({
  page,
}) => {
  await signIn(page, PEOPLE.proClient, { from: "/login?redirectTo=%2Flessons", expectPath: "/lessons" });
  await expect(heading1(page, "Lessons")).toBeVisible();
  await expect(itemTitles(page)).toHaveText([
    "Mock interview debrief: graphs",
    "Resume deep dive",
    "Kickoff: goals and target companies",
  ]);
  await expectNewestFirst(main(page).locator("article > div:first-child time"));

  const recording = (title: string) =>
    page.getByRole("article", { name: title }).getByRole("link", { name: /^Watch the recording/ });
  await expect(recording("Mock interview debrief: graphs")).toHaveAttribute(
    "href",
    "https://example.com/recordings/mock-graphs",
  );
  await expect(recording("Mock interview debrief: graphs")).toHaveAttribute("target", "_blank");
  await expect(recording("Kickoff: goals and target companies")).toHaveAttribute(
    "href",
    "https://example.com/recordings/kickoff",
  );
  await expect(recording("Resume deep dive")).toHaveCount(0);
  await expect(
    page
      .getByRole("article", { name: "Resume deep dive" })
      .getByRole("link", { name: /^Impact bullet checklist/ }),
  ).toHaveAttribute("target", "_blank");
});

test("homework is listed by due date with status badges, the hand-in and the coach's feedback", async ({
  page,
}) => {
  await signIn(page, PEOPLE.proClient, { from: "/login?redirectTo=%2Fhomework", expectPath: "/homework" });
  await expect(heading1(page, "Homework")).toBeVisible();
  const titles = [
    "Quantify your internship bullets",
    "Five medium graph problems",
    "Record a two-minute 'tell me about yourself'",
  ];
  await expect(itemTitles(page)).toHaveText(titles);
  const dueDates = await main(page)
    .locator("article time[datetime]")
    .evaluateAll((els) =>
      els.map((el) => el.getAttribute("datetime") ?? "").filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)),
    );
  expect(dueDates).toHaveLength(3);
  expect(dueDates).toEqual([...dueDates].sort());

  const article = (title: string) => page.getByRole("article", { name: title });
  for (const [title, badge] of [
    [titles[0], "Reviewed"],
    [titles[1], "Submitted"],
    [titles[2], "Assigned"],
  ] as const) {
    await expect(article(title ?? "").getByText(badge, { exact: true })).toBeVisible();
  }
  await expect(article(titles[0] ?? "")).toContainText("Coach's feedback");
  await expect(article(titles[0] ?? "")).toContainText(
    "Move the hackathon win above the coursework section.",
  );
  await expect(article(titles[0] ?? "").getByRole("button", { name: "Submit" })).toHaveCount(0);
  await expect(article(titles[1] ?? "")).toContainText("Got stuck on topological sort with cycles.");
  await expect(article(titles[1] ?? "")).toContainText("Update your submission");
  await expect(article(titles[2] ?? "")).toContainText("Submit your work");
});

/** Their link text continues "… (opens in a new tab)" for screen readers. */
const startsWith = (titles: readonly string[]) =>
  titles.map((title) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));

/** Each resource card also has a "Tags" list. */
const filterControl = (page: Page, label: "Kind" | "Tag") =>
  page.getByRole("search", { name: "Filter resources" }).getByLabel(label);

const SOFIA_RESOURCES = [
  "System design basics for new grads",
  "Cold outreach message templates",
  "Blind 75, grouped by pattern",
  "The new-grad interview roadmap",
];

test("resources list newest first and filter by kind and tag through the URL, with Clear filters", async ({
  page,
}) => {
  await signIn(page, PEOPLE.premiumClient, {
    from: "/login?redirectTo=%2Fresources",
    expectPath: "/resources",
  });
  await gotoHydrated(page, "/resources");
  await expect(heading1(page, "Resources")).toBeVisible();
  await expect(itemTitles(page)).toHaveText(startsWith(SOFIA_RESOURCES));
  await expectNewestFirst(main(page).locator("li time"));
  await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);

  const params = () => new URL(page.url()).searchParams;

  await filterControl(page, "Kind").selectOption("guide");
  await expect(itemTitles(page)).toHaveText(startsWith(["The new-grad interview roadmap"]));
  await expect.poll(() => params().get("kind")).toBe("guide");
  expect(new URL(page.url()).pathname).toBe("/resources");

  await filterControl(page, "Kind").selectOption("");
  await filterControl(page, "Tag").selectOption("interviews");
  await expect(itemTitles(page)).toHaveText(
    startsWith(["System design basics for new grads", "The new-grad interview roadmap"]),
  );
  await expect.poll(() => [params().get("kind") ?? "", params().get("tag")]).toEqual(["", "interviews"]);

  await filterControl(page, "Kind").selectOption("practice");
  await expect(main(page)).toContainText("No resources match these filters.");
  await expect(itemTitles(page)).toHaveCount(0);
  await expect.poll(() => [params().get("kind"), params().get("tag")]).toEqual(["practice", "interviews"]);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(itemTitles(page)).toHaveText(startsWith(SOFIA_RESOURCES));
  await expect.poll(() => new URL(page.url()).search).toBe("");
  await expect(filterControl(page, "Kind")).toHaveValue("");
  await expect(filterControl(page, "Tag")).toHaveValue("");

  await page.goto("/resources?tag=dsa");
  await expect(itemTitles(page)).toHaveText(startsWith(["Blind 75, grouped by pattern"]));
  await expect(filterControl(page, "Tag")).toHaveValue("dsa");
  await page.goto("/resources?tag=%20dsa%20");
  await expect(itemTitles(page)).toHaveText(startsWith(["Blind 75, grouped by pattern"]));
  await page.goto("/resources?kind=bogus");
  await expect(itemTitles(page)).toHaveText(startsWith(SOFIA_RESOURCES));
  await expect(filterControl(page, "Kind")).toHaveValue("");
  await page.goto("/resources?kind=video");
  await expect(itemTitles(page)).toHaveText(startsWith(["System design basics for new grads"]));
  await expect(filterControl(page, "Kind")).toHaveValue("video");
});

test("the plan page shows 'Your plan', the tier and the grouped items with their state", async ({ page }) => {
  await signIn(page, PEOPLE.proClient, { from: "/login?redirectTo=%2Fplan", expectPath: "/plan" });
  await expect(heading1(page, "Your plan")).toBeVisible();
  await expect(main(page)).toContainText("Tier: Pro");
  await expect(main(page).getByRole("heading", { level: 2 })).toHaveText([
    "Coaching sessions",
    "Interviews",
    "Reviews",
    "Extras",
  ]);
  const item = (group: string, label: string) =>
    region(page, group).getByRole("listitem").filter({ hasText: label });
  await expect(item("Coaching sessions", "30-minute coaching session")).toContainText("3 / 4 used");
  await expect(item("Coaching sessions", "Strategy call (90m)")).toContainText("✓ Completed");
  await expect(item("Interviews", "Mock interview")).toContainText("2 / 3 used");
  await expect(item("Reviews", "Resume review")).toContainText("✓ Completed");
  await expect(item("Reviews", "GitHub review")).toContainText("Pending");
  await expect(item("Reviews", "GitHub review")).toContainText("0 / 1 used");
  await expect(item("Extras", "DSA survey")).toContainText("Pending");
  await expect(item("Extras", "Local networking events list")).toContainText("Not included");
  await expect(region(page, "Reviews").getByRole("listitem")).toHaveCount(4);
});

const ASSIGNED = "Record a two-minute 'tell me about yourself'";
const BAD_LINK_MESSAGE = "Enter a link that starts with https://";
const EMPTY_MESSAGE = "Add a link or a note before submitting.";

test("a client hands in homework: empty and javascript: links are refused, a link and note are accepted, and no other client sees it", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, PEOPLE.basicClient, { from: "/login?redirectTo=%2Fhomework", expectPath: "/homework" });
  await gotoHydrated(page, "/homework");
  const item = page.getByRole("article", { name: ASSIGNED });
  const badge = (text: string) => item.getByText(text, { exact: true });
  await expect(badge("Assigned")).toBeVisible();
  const homeworkId = await item.locator('input[name="homeworkId"]').inputValue();
  const link = item.getByRole("textbox", { name: "Link (optional)" });
  const note = item.getByRole("textbox", { name: "Note (optional)" });
  const submit = item.getByRole("button", { name: "Submit", exact: true });
  const alert = item.getByRole("alert");

  await submit.click();
  await expect(alert).toHaveText(EMPTY_MESSAGE);
  await expect(page).toHaveURL(/\/homework$/);
  await expect(badge("Assigned")).toBeVisible();
  await expect(link).toHaveAttribute("aria-invalid", "true");

  // A javascript: link passes the browser's type=url check, so the server must refuse it.
  await link.fill("javascript:alert(1)");
  const blockedByBrowser = await link.evaluate((input) => (input as HTMLInputElement).validity.typeMismatch);
  test.info().annotations.push({
    type: "javascript: link",
    description: blockedByBrowser ? "blocked by the browser's type=url check" : "sent to the server",
  });
  await submit.click();
  if (blockedByBrowser) {
    await expect(alert).toHaveText(EMPTY_MESSAGE); // no new request: the earlier message stays
  } else {
    await expect(alert).toHaveText(BAD_LINK_MESSAGE);
  }
  await expect(badge("Assigned")).toBeVisible();

  const origin = { origin: baseURL ?? "" };
  const viaData = await page.request.post("/homework.data", {
    form: { homeworkId, url: "javascript:alert(1)", note: "" },
    headers: origin,
  });
  expect(viaData.status()).toBe(400);
  expect(await viaData.text()).toContain(BAD_LINK_MESSAGE);
  const viaDocument = await page.request.post("/homework", {
    form: { homeworkId, url: "javascript:alert(1)", note: "sneaky" },
    headers: origin,
    maxRedirects: 0,
  });
  expect(viaDocument.status()).toBe(400);
  const empty = await page.request.post("/homework.data", {
    form: { homeworkId, url: "  ", note: "   " },
    headers: origin,
  });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain(EMPTY_MESSAGE);

  const token = randomUUID().slice(0, 8);
  const noteText = `Recorded it twice, second take is better (${token}).`;
  const url = `https://example.com/videos/intro-${token}`;
  await link.fill(url);
  await note.fill(noteText);
  await submit.click();
  await expect(badge("Submitted")).toBeVisible();
  await expect(badge("Assigned")).toHaveCount(0);
  await expect(item).toContainText("You handed this in on");
  await expect(item).toContainText(noteText);
  const handedIn = item.getByRole("link", { name: new RegExp(`^${url}`) });
  await expect(handedIn).toHaveAttribute("href", url);
  await expect(handedIn).toHaveAttribute("target", "_blank");
  await expect(item).toContainText("Update your submission");
  await expect(item).not.toContainText("javascript:alert(1)");

  await page.reload();
  await expect(
    page.getByRole("article", { name: ASSIGNED }).getByText("Submitted", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("article", { name: ASSIGNED })).toContainText(noteText);

  const otherContext = await browser.newContext({ baseURL });
  try {
    const other = await otherContext.newPage();
    await signIn(other, PEOPLE.premiumClient, {
      from: "/login?redirectTo=%2Fhomework",
      expectPath: "/homework",
    });
    await expect(heading1(other, "Homework")).toBeVisible();
    await expect(other.getByRole("article")).toHaveCount(3);
    await expect(main(other)).not.toContainText(token);
    const stolen = await other.request.post("/homework.data", {
      form: { homeworkId, url: "https://example.com/mine", note: "taken over" },
      headers: origin,
    });
    expect(stolen.status()).toBe(404);
  } finally {
    await otherContext.close();
  }
  await page.reload();
  await expect(page.getByRole("article", { name: ASSIGNED })).toContainText(noteText);
  await expect(page.getByRole("article", { name: ASSIGNED })).not.toContainText("taken over");
});

test("after a hand-in, its confirmation is visible: on a re-submission and on the first hand-in", async ({
  page,
}) => {
  await signIn(page, PEOPLE.premiumClient, {
    from: "/login?redirectTo=%2Fhomework",
    expectPath: "/homework",
  });
  await gotoHydrated(page, "/homework");
  const confirmation = "Handed in. Your coach will review it.";

  const submitted = page.getByRole("article", { name: "Five medium graph problems" });
  await submitted.getByText("Update your submission").click();
  await submitted
    .getByRole("textbox", { name: "Link (optional)" })
    .fill("https://example.com/notes/graphs-v2");
  await submitted.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(submitted.getByRole("status")).toHaveText(confirmation);
  await expect(
    submitted.getByRole("link", { name: /^https:\/\/example\.com\/notes\/graphs-v2/ }),
  ).toBeVisible();

  // Known defect: the form folds away as the piece turns 'submitted', hiding the confirmation inside it.
  const assigned = page.getByRole("article", { name: ASSIGNED });
  await assigned.getByRole("textbox", { name: "Note (optional)" }).fill("First take attached.");
  await assigned.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(assigned.getByText("Submitted", { exact: true })).toBeVisible();
  await expect(assigned.getByRole("status")).toHaveText(confirmation);
});

test("a lead sees the read-only demo on the portal pages, on ?plan= with pro by default", async ({
  page,
  baseURL,
}) => {
  await signIn(page, PEOPLE.lead);
  await expect(heading1(page, "Dashboard")).toBeVisible();
  await expect(demoBanner(page)).toContainText("This is a read-only demo of the Pro plan");
  await expectQuota(page, "Mock interview", 2, 3, 67);
  await expectQuota(page, "30-minute coaching session", 3, 4, 75);

  await page.goto("/dashboard?plan=premium");
  await expect(demoBanner(page)).toContainText("of the Premium plan");
  await expectQuota(page, "30-minute coaching session", 11, 16, 69);

  await page.goto("/homework");
  await expect(demoBanner(page)).toContainText("This is a read-only demo");
  await expect(main(page)).toContainText("Clients hand in their work here.");
  await expect(main(page).getByRole("button", { name: "Submit" })).toHaveCount(0);

  const refused = await page.request.post("/homework.data", {
    form: { homeworkId: randomUUID(), url: "https://example.com/x", note: "" },
    headers: { origin: baseURL ?? "" },
  });
  expect(refused.status()).toBe(403);
});

for (const who of ["admin", "coach"] as const) {
  test(`${who === "admin" ? "an admin" : "a coach"} opening any portal page goes to /admin`, async ({
    page,
  }) => {
    await signIn(page, PEOPLE[who], { expectPath: "/admin" });
    for (const path of PORTAL_PATHS) {
      await page.goto(path);
      await expect(page, `${who} at ${path}`).toHaveURL(/\/admin$/);
    }
    await expect(heading1(page, "Admin")).toBeVisible();
  });
}

test("each demo link on /login opens its plan's demo with the demo figures", async ({ page }) => {
  const open = async (name: RegExp, href: string) => {
    await gotoHydrated(page, "/login");
    await page.getByRole("region", { name: "Explore a read-only demo" }).getByRole("link", { name }).click();
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(href);
  };

  await open(/^Pro dashboard/, "/demo?plan=pro");
  await expect(demoBanner(page)).toContainText("This is a read-only demo of the Pro plan");
  await expect(main(page)).toContainText("Sample client: Alex Kim");
  await expectQuota(page, "Mock interview", 2, 3, 67);
  await expectQuota(page, "30-minute coaching session", 3, 4, 75);
  expect(await specialItems(page)).toEqual(PRO_SPECIALS);
  await expect(activityEntries(page)).toHaveCount(6);
  await expect(activityEntries(page).first().locator("p").first()).toHaveText(
    "Mock interview: graphs and BFS",
  );
  await expectNewestFirst(region(page, "Recent activity").locator("ol > li time"));

  await open(/^Basic dashboard/, "/demo?plan=basic");
  await expect(demoBanner(page)).toContainText("of the Basic plan");
  await expectQuota(page, "Mock interview", 1, 1, 100);
  await expectNotIncluded(page, "30-minute coaching session");

  await open(/^Premium dashboard/, "/demo?plan=premium");
  await expect(demoBanner(page)).toContainText("of the Premium plan");
  await expectQuota(page, "Mock interview", 4, 6, 67);
  await expectQuota(page, "30-minute coaching session", 11, 16, 69);
  expect((await specialItems(page)).map(([label]) => label)).toContain("Local networking events list");

  await open(/^Pro plan page/, "/demo/plan?plan=pro");
  await expect(heading1(page, "Your plan")).toBeVisible();
  await expect(demoBanner(page)).toContainText("of the Pro plan");
  await expect(main(page)).toContainText("Tier: Pro");
  await expect(
    region(page, "Coaching sessions").getByRole("listitem").filter({ hasText: "30-minute coaching session" }),
  ).toContainText("3 / 4 used");

  const nav = page.getByRole("navigation", { name: "Portal" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Plan"]);
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/demo\?plan=pro$/);
  await expect(heading1(page, "Dashboard")).toBeVisible();
});

test("/demo with an unknown plan falls back to Pro", async ({ page }) => {
  await page.goto("/demo?plan=gold");
  await expect(demoBanner(page)).toContainText("This is a read-only demo of the Pro plan");
  await expectQuota(page, "30-minute coaching session", 3, 4, 75);
  await page.goto("/demo/plan?plan=PREMIUM");
  await expect(main(page)).toContainText("Tier: Pro");
});

test("moving between portal tabs shows 'Loading…' while the next page's data is on its way", async ({
  page,
}) => {
  await signIn(page, PEOPLE.proClient);
  await gotoHydrated(page, "/dashboard");
  await expect(heading1(page, "Dashboard")).toBeVisible();

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/lessons\.data/, async (route) => {
    await held;
    await route.continue();
  });

  const nav = page.getByRole("navigation", { name: "Portal" });
  await nav.getByRole("link", { name: "Lessons" }).click();
  await expect(loadingStatus(page)).toBeVisible();
  await expect(heading1(page, "Dashboard")).toBeVisible();
  await expect(main(page).locator("[aria-busy=true]")).toHaveCount(1);
  release();

  await expect(heading1(page, "Lessons")).toBeVisible();
  await expect(loadingStatus(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/lessons$/);
  await expect(nav.getByRole("link", { name: "Lessons" })).toHaveAttribute("aria-current", "page");
  await expect(itemTitles(page).first()).toHaveText("Mock interview debrief: graphs");

  await page.unroute(/\/lessons\.data/);
  for (const [label, title] of [
    ["Homework", "Homework"],
    ["Resources", "Resources"],
    ["Plan", "Your plan"],
    ["Dashboard", "Dashboard"],
  ] as const) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(heading1(page, title)).toBeVisible();
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("every portal page and the demo fit a 360 px wide screen without sideways scrolling", async ({
  page,
}) => {
  await signIn(page, PEOPLE.premiumClient);
  await page.setViewportSize(PHONE_360);
  for (const path of PORTAL_PATHS) {
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, path);
    for (const tab of await page.getByRole("navigation", { name: "Portal" }).getByRole("link").all())
      await expect(tab, `${path}: ${await tab.textContent()}`).toBeInViewport({ ratio: 1 });
  }
  await page.context().clearCookies();
  for (const path of ["/demo?plan=premium", "/demo/plan?plan=premium"]) {
    await gotoHydrated(page, path);
    await expect(demoBanner(page)).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});

for (const theme of ["dark", "light"] as const) {
  test(`the portal pages have no accessibility violations in the ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    await signIn(page, PEOPLE.proClient);
    if (theme === "light") await chooseLightTheme(page, baseURL);
    for (const path of PORTAL_PATHS) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await expectNoAxeViolations(page);
    }
  });

  test(`the demo has no accessibility violations in the ${theme} theme`, async ({ page, baseURL }) => {
    if (theme === "light") await chooseLightTheme(page, baseURL);
    for (const path of ["/demo", "/demo/plan?plan=premium"]) {
      await gotoHydrated(page, path);
      await expect(demoBanner(page)).toBeVisible();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      await expectNoAxeViolations(page);
    }
  });
}
