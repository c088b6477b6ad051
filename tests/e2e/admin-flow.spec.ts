import type { BrowserContext } from "@playwright/test";
import { escapeRegExp, unique, uniqueId } from "../support/text";
import {
  expectCounts,
  holdPosts,
  homeCard,
  homeworkItem,
  makeLead,
  minusOne,
  peopleRows,
  plusOne,
  quotaBar,
  quotaCard,
  rowCells,
  rowOf,
  search,
  specialRow,
} from "./admin-pages";
import { PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, region, test } from "./support";

// The coach's whole flow with one new person, and what the client sees of each step (docs/product/screens.md
// and roles.md). Other specs add people meanwhile, so the person is a fresh lead.

test("from lead to reviewed homework: convert, plan, quotas, special items, activity, homework, and what the client sees", async ({
  page,
  newPage,
}) => {
  test.setTimeout(420_000);
  const person = await makeLead(newPage, "Flow");
  const activityTitle = unique("Referral sent");
  const activityLink = `https://example.com/jobs/${uniqueId()}`;
  const homeworkTitle = unique("Rewrite your resume bullets");
  const feedback = unique("Much sharper: lead with impact");
  const contexts: BrowserContext[] = [];
  // Links open in a new tab, which must not depend on the internet.
  await page
    .context()
    .route(/^https:\/\/example\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Example</title><p>ok</p>" }),
    );

  try {
    await test.step("the admin signs in and finds the new lead", async () => {
      await signIn(page, PEOPLE.admin, { to: "/admin" });
      await gotoHydrated(page, "/admin");
      await homeCard(page, "Leads & Clients").click();
      await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();
      await search(page, person.email);
      await expect(peopleRows(page)).toHaveCount(1);
      expect(await rowCells(rowOf(page, person.email))).toEqual([person.name, person.email, "lead", "—"]);
      await expectCounts(page, { leads: 1, clients: 0, all: 1 });
    });

    await test.step("'Convert to client' reads 'client' at once with '…' while the server works, then the row is a BASIC client in place", async () => {
      const url = page.url();
      const row = rowOf(page, person.email);
      const hold = await holdPosts(page, "/admin/clients.data");
      await row.getByRole("button", { name: "Convert to client" }).click();
      await expect(row.getByRole("button", { name: "…", exact: true })).toBeDisabled();
      await expect(row.getByRole("cell").nth(2)).toHaveText("client");
      await hold.release();
      await expect(row.getByRole("cell").nth(2)).toHaveText("client");
      await expect(row.getByRole("cell").nth(3)).toHaveText("BASIC");
      await expect(row.getByRole("button")).toHaveCount(0);
      await expect(row.getByRole("alert")).toHaveCount(0);
      await expectCounts(page, { leads: 0, clients: 1, all: 1 });
      expect(page.url()).toBe(url);
    });

    await test.step("open it: Basic has a mock interview and the four reviews, no sessions", async () => {
      await rowOf(page, person.email).getByRole("link", { name: "Open", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
      await expect(page.getByText(person.email, { exact: true })).toBeVisible();
      await expect(page.getByLabel("Role", { exact: true })).toHaveValue("client");
      await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("basic");
      await expect(quotaBar(page, "Mock interview")).toHaveAttribute("aria-valuetext", "0 of 1 used");
      await expect(quotaBar(page, "30-minute coaching session")).toHaveCount(0);
      await expect(region(page, "Special items").getByRole("listitem")).toHaveCount(4);
      await expect(page.getByText("No activity yet.", { exact: true })).toBeVisible();
      await expect(region(page, "Audit trail")).toContainText("Converted to client");
    });

    const detailPath = new URL(page.url()).pathname;

    await test.step("set the plan to Pro: both dropdowns wait while saving, then sessions 0/4 appear", async () => {
      await gotoHydrated(page, detailPath);
      const hold = await holdPosts(page, `${detailPath}.data`);
      await page.getByLabel("Plan", { exact: true }).selectOption("pro");
      await expect(page.getByLabel("Plan", { exact: true })).toBeDisabled();
      await expect(page.getByLabel("Role", { exact: true })).toBeDisabled();
      await hold.release();
      await expect(quotaBar(page, "30-minute coaching session")).toHaveAttribute(
        "aria-valuetext",
        "0 of 4 used",
      );
      await expect(quotaBar(page, "Mock interview")).toHaveAttribute("aria-valuetext", "0 of 3 used");
      await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("pro");
      await expect(page.getByLabel("Plan", { exact: true })).toBeEnabled();
      await expect(region(page, "Special items").getByRole("listitem")).toHaveCount(7);
      await expect(specialRow(page, "Local networking events list")).toHaveCount(0);
    });

    await test.step("+1 and −1 on sessions; −1 is disabled at 0", async () => {
      const plus = plusOne(page, "30-minute coaching session");
      const minus = minusOne(page, "30-minute coaching session");
      await expect(plus).toHaveText(/^\+1( |$)/);
      await expect(minus).toHaveText(/^-1( |$)/);
      const bar = quotaBar(page, "30-minute coaching session");
      await expect(minus).toBeDisabled();
      await plus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "1 of 4 used");
      await expect(bar).toHaveAttribute("aria-valuenow", "25");
      await expect(minus).toBeEnabled();
      await minus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "0 of 4 used");
      await expect(minus).toBeDisabled();
      await plus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "1 of 4 used");
      await expect(minus).toBeEnabled();
      const hold = await holdPosts(page, `${detailPath}.data`);
      await plus.click();
      await expect(plus).toBeDisabled();
      await expect(minus).toBeDisabled();
      await expect(plusOne(page, "Mock interview")).toBeDisabled();
      await expect(
        specialRow(page, "Resume review").getByRole("button", { name: "Mark done: Resume review" }),
      ).toBeDisabled();
      await hold.release();
      await expect(bar).toHaveAttribute("aria-valuetext", "2 of 4 used");
      await expect(plusOne(page, "Mock interview")).toBeEnabled();
      await minus.click();
      await expect(bar).toHaveAttribute("aria-valuetext", "1 of 4 used");
      await expect(minus).toBeEnabled();
    });

    await test.step("'Mark done' and 'Undo' on Resume review", async () => {
      const row = specialRow(page, "Resume review");
      await expect(row).toContainText("Pending");
      await row.getByRole("button", { name: "Mark done: Resume review" }).click();
      await expect(row).toContainText("✓ Completed");
      await expect(row.getByRole("button", { name: "Undo: Resume review" })).toBeVisible();
      await row.getByRole("button", { name: "Undo: Resume review" }).click();
      await expect(row).toContainText("Pending");
      await expect(row).not.toContainText("Completed");
      await expect(row.getByRole("button", { name: "Mark done: Resume review" })).toBeVisible();
      const linkedin = specialRow(page, "LinkedIn review");
      await linkedin.getByRole("button", { name: "Mark done: LinkedIn review" }).click();
      await expect(linkedin).toContainText("✓ Completed");
    });

    await test.step("add an activity: a blank title is refused; the link is labelled by its url, in a new tab", async () => {
      const activity = region(page, "Recent activity");
      const title = activity.getByRole("textbox", { name: "Activity title" });
      await activity.getByRole("button", { name: "Add activity" }).click();
      await expect(activity.getByRole("alert")).toHaveText("Activity title is required.");
      await expect(page.getByText("No activity yet.", { exact: true })).toBeVisible();

      await title.fill(activityTitle);
      await activity.getByRole("textbox", { name: "Details (optional)" }).fill("Sent to the hiring manager.");
      await activity.getByRole("textbox", { name: "Link (optional)" }).fill(activityLink);
      await activity.getByRole("button", { name: "Add activity" }).click();
      const entry = activity.getByRole("listitem").filter({ hasText: activityTitle });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText("Sent to the hiring manager.");
      await expect(activity.getByRole("alert")).toHaveCount(0);
      await expect(title).toHaveValue("");
      const link = entry.getByRole("link", { name: new RegExp(`^${escapeRegExp(activityLink)}`) });
      await expect(link).toHaveAttribute("href", activityLink);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      const popup = page.waitForEvent("popup");
      await link.click();
      const tab = await popup;
      await tab.waitForLoadState();
      expect(tab.url()).toBe(activityLink);
      await tab.close();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(detailPath)}$`));
    });

    await test.step("assign homework", async () => {
      const section = region(page, "Homework");
      await section.getByRole("textbox", { name: "Homework title" }).fill(homeworkTitle);
      await section.getByLabel("Due date (optional)").fill("2030-01-15");
      await section
        .getByRole("textbox", { name: "Description (optional)" })
        .fill("Three bullets, with numbers.");
      await section.getByRole("button", { name: "Assign homework" }).click();
      const item = homeworkItem(page, homeworkTitle);
      await expect(item).toContainText("Assigned");
      await expect(item).toContainText("Three bullets, with numbers.");
      await expect(section.getByRole("textbox", { name: "Homework title" })).toHaveValue("");
    });

    await test.step("the client hands it in on /homework", async () => {
      const client = await signedInPage(newPage, person, "/homework");
      contexts.push(client.context);
      const article = client.page.getByRole("article", { name: homeworkTitle });
      await expect(article).toContainText("Assigned");
      await article
        .getByRole("textbox", { name: "Link (optional)" })
        .fill("https://example.com/my-resume-v2");
      await article.getByRole("textbox", { name: "Note (optional)" }).fill("Rewrote all three.");
      await article.getByRole("button", { name: "Submit" }).click();
      await expect(article.getByText("Handed in. Your coach will review it.")).toBeVisible();
      await expect(article).toContainText("Submitted");
    });

    await test.step("back as admin: the admin home's 'Homework awaiting review' leads to it", async () => {
      await gotoHydrated(page, "/admin");
      await page.getByRole("link", { name: /^Homework awaiting review: \d+$/ }).click();
      await expect(page).toHaveURL(/\/admin\/homework$/);
      await expect(page.getByRole("heading", { level: 1, name: "Homework awaiting review" })).toBeVisible();
      // The order, longest-waiting first, is tested against the database.
      const waiting = page.getByRole("listitem").filter({ hasText: homeworkTitle });
      await expect(waiting).toContainText(person.email);
      await waiting.getByRole("link", { name: homeworkTitle }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(detailPath)}#review$`));
    });

    await test.step("'Mark reviewed' with feedback", async () => {
      await gotoHydrated(page, detailPath);
      const item = homeworkItem(page, homeworkTitle);
      await expect(item).toContainText("Submitted");
      await expect(item).toContainText("Rewrote all three.");
      const waiting = homeworkItem(page, homeworkTitle, "To review");
      await expect(waiting).toContainText("Rewrote all three.");
      await waiting
        .getByRole("textbox", { name: `Feedback for ${homeworkTitle} (the client sees it)` })
        .fill(feedback);
      await waiting.getByRole("button", { name: "Mark reviewed" }).click();
      await expect(item).toContainText("Reviewed");
      await expect(item).toContainText(`Feedback: ${feedback}`);
      await expect(waiting).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Mark reviewed" })).toHaveCount(0);
    });

    await test.step("the client sees the feedback, the activity, the plan and the quotas", async () => {
      const client = contexts[0]?.pages()[0];
      if (!client) throw new Error("the client's page is gone");
      await gotoHydrated(client, "/homework");
      const article = client.getByRole("article", { name: homeworkTitle });
      await expect(article).toContainText("Reviewed");
      await expect(article).toContainText("Coach's feedback");
      await expect(article).toContainText(feedback);

      await gotoHydrated(client, "/dashboard");
      await expect(client.getByRole("complementary", { name: "Demo" })).toHaveCount(0);
      await expect(quotaBar(client, "30-minute coaching session")).toHaveAttribute(
        "aria-valuetext",
        "1 of 4 used",
      );
      await expect(quotaBar(client, "Mock interview")).toHaveAttribute("aria-valuetext", "0 of 3 used");
      const specials = region(client, "Reviews and extras");
      await expect(specials.getByRole("listitem").filter({ hasText: "LinkedIn review" })).toContainText(
        "Completed",
      );
      await expect(specials.getByRole("listitem").filter({ hasText: "Resume review" })).toContainText(
        "Pending",
      );
      const entry = region(client, "Recent activity")
        .getByRole("listitem")
        .filter({ hasText: activityTitle });
      await expect(entry).toContainText("Sent to the hiring manager.");
      await expect(
        entry.getByRole("link", { name: new RegExp(`^${escapeRegExp(activityLink)}`) }),
      ).toHaveAttribute("target", "_blank");

      await gotoHydrated(client, "/plan");
      await expect(client.getByText("Tier: Pro")).toBeVisible();
    });

    await test.step("a coach sees the page with role and plan disabled and no admin controls, but assigns homework and adds a resource", async () => {
      const coach = await signedInPage(newPage, PEOPLE.coach, detailPath);
      contexts.push(coach.context);
      const c = coach.page;
      await expect(c.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
      await expect(c.getByLabel("Role", { exact: true })).toBeDisabled();
      await expect(c.getByLabel("Plan", { exact: true })).toBeDisabled();
      await expect(c.getByLabel("Plan", { exact: true })).toHaveValue("pro");
      await expect(c.getByText("Only an admin can change role and plan.")).toBeVisible();
      await expect(quotaBar(c, "30-minute coaching session")).toHaveAttribute(
        "aria-valuetext",
        "1 of 4 used",
      );
      await expect(quotaCard(c, "30-minute coaching session")).toBeVisible();
      await expect(region(c, "Quotas").getByRole("button")).toHaveCount(0);
      await expect(c.getByRole("button", { name: /^(Mark done|Undo)/ })).toHaveCount(0);
      await expect(specialRow(c, "LinkedIn review")).toContainText("✓ Completed");
      await expect(c.getByRole("button", { name: "Add activity" })).toHaveCount(0);
      await expect(c.getByRole("textbox", { name: "Activity title" })).toHaveCount(0);
      await expect(
        region(c, "Recent activity").getByRole("listitem").filter({ hasText: activityTitle }),
      ).toBeVisible();

      const coachHomework = unique("Two STAR stories");
      const section = region(c, "Homework");
      await section.getByRole("textbox", { name: "Homework title" }).fill(coachHomework);
      await section.getByRole("button", { name: "Assign homework" }).click();
      await expect(homeworkItem(c, coachHomework)).toContainText("Assigned");

      const resourceTitle = unique("Behavioural question bank");
      const resources = region(c, "Resources");
      await resources.getByLabel("Kind").selectOption("practice");
      await resources.getByRole("textbox", { name: "Resource title" }).fill(resourceTitle);
      await resources.getByRole("textbox", { name: "URL" }).fill("https://example.com/questions");
      await resources
        .getByRole("textbox", { name: "Tags (comma-separated, optional)" })
        .fill("Interviews, STAR");
      await resources.getByRole("button", { name: "Add resource" }).click();
      const added = resources.getByRole("listitem").filter({ hasText: resourceTitle });
      await expect(added).toContainText("Practice");
      await expect(added).toContainText("interviews, star");
      await expect(
        region(c, "Audit trail").getByRole("listitem").filter({ hasText: "Resource added" }),
      ).toContainText("Priya Raman");
    });

    await test.step("the audit trail lists the admin's changes", async () => {
      await gotoHydrated(page, detailPath);
      const trail = region(page, "Audit trail").getByRole("listitem");
      const byAdmin = trail.filter({ hasText: "Jordan Avery" });
      for (const [label, change] of [
        ["Converted to client", "role: lead → client"],
        ["Plan changed", "plan: — → pro"],
        ["Quota adjusted", "used: 0 → 1"],
        ["Quota adjusted", "used: 1 → 0"],
        ["Quota adjusted", "used: 1 → 2"],
        ["Quota adjusted", "used: 2 → 1"],
        ["Marked done", "kind: resume_review → resume_review"],
        ["Undone", "used: 1 → 0"],
        ["Activity added", activityTitle],
        ["Homework assigned", homeworkTitle],
        ["Homework reviewed", "status: submitted → reviewed"],
      ] as const) {
        await expect(
          byAdmin.filter({ hasText: label }).filter({ hasText: change }).first(),
          label,
        ).toBeVisible();
      }
      await expect(byAdmin.filter({ hasText: "Quota adjusted" })).toHaveCount(5);
      await expect(
        trail.filter({ hasText: "Homework assigned" }).filter({ hasText: "Priya Raman" }),
      ).toHaveCount(1);
    });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
