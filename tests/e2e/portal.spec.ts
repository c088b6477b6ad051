import type { Page } from "@playwright/test";
import {
  activityEntries,
  demoBanner,
  expect,
  expectNewestFirst,
  expectNotIncluded,
  expectQuota,
  heading1,
  itemTitles,
  main,
  PRO_SPECIALS,
  specialItems,
} from "./portal-pages";
import { openAs, PEOPLE, signIn } from "./sign-in";
import { region, test } from "./support";

// The client portal's pages (docs/product/screens.md and states.md; docs/decisions/0012-portal.md) as the
// seeded people, reading what was seeded (hand-ins: portal-hand-in.spec.ts).

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
  await signIn(page, PEOPLE.proClient, { to: "/lessons" });
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
  await signIn(page, PEOPLE.proClient, { to: "/homework" });
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
  await openAs(page, PEOPLE.premiumClient, "/resources");
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
  await signIn(page, PEOPLE.proClient, { to: "/plan" });
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
  await expect(item("Coaching sessions", "30-minute coaching session")).toContainText("3 of 4 used");
  await expect(item("Coaching sessions", "Strategy call (90m)")).toContainText("✓ Completed");
  await expect(item("Interviews", "Mock interview")).toContainText("2 of 3 used");
  await expect(item("Reviews", "Resume review")).toContainText("✓ Completed");
  await expect(item("Reviews", "GitHub review")).toContainText("Pending");
  await expect(item("Reviews", "GitHub review")).toContainText("0 of 1 used");
  await expect(item("Extras", "DSA survey")).toContainText("Pending");
  await expect(item("Extras", "Local networking events list")).toContainText("Not included");
  await expect(region(page, "Reviews").getByRole("listitem")).toHaveCount(4);
});
