import type { Page } from "@playwright/test";
import { unique } from "../support/text";
import { freshIdentity, type NamedIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, type NewPage, region, test } from "./support";

// docs/product/screens.md, Client detail: typed input survives a refusal, role and plan save without
// JavaScript, and the common tasks sit in a laptop's first screen.

async function openNewLead(page: Page, newPage: NewPage, prefix: string) {
  const who: NamedIdentity = freshIdentity(prefix);
  const lead = await signedInPage(newPage, who, "/dashboard");
  await lead.context.close();
  await signIn(page, PEOPLE.admin, { to: "/admin" });
  return { who, path: await openPerson(page, who.email) };
}

/** A plain link: works without JavaScript too. */
async function openPerson(page: Page, email: string): Promise<string> {
  await page.goto(`/admin/clients?${new URLSearchParams({ q: email })}`);
  await page.getByRole("link", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

test("a refused entry after a saved one keeps what was typed: activity, homework, resource", async ({
  page,
  newPage,
}) => {
  const { path } = await openNewLead(page, newPage, "Typed");
  await gotoHydrated(page, path);

  await test.step("activity", async () => {
    const activity = region(page, "Recent activity");
    const title = activity.getByRole("textbox", { name: "Activity title" });
    const details = activity.getByRole("textbox", { name: "Details (optional)" });
    const link = activity.getByRole("textbox", { name: "Link (optional)" });
    const first = unique("First call");
    await title.fill(first);
    await details.fill("Went well.");
    await activity.getByRole("button", { name: "Add activity" }).click();
    await expect(activity.getByRole("listitem").filter({ hasText: first })).toBeVisible();
    await expect(title).toHaveValue("");
    await expect(details).toHaveValue("");

    await details.fill("Second entry's details, typed with care.");
    await link.fill("https://example.com/second");
    await activity.getByRole("button", { name: "Add activity" }).click();
    await expect(activity.getByRole("alert")).toHaveText("Activity title is required.");
    await expect(details).toHaveValue("Second entry's details, typed with care.");
    await expect(link).toHaveValue("https://example.com/second");
    await expect(title).toHaveAttribute("aria-invalid", "true");
    const messageId = await activity.getByRole("alert").getAttribute("id");
    expect(messageId).toBeTruthy();
    await expect(title).toHaveAttribute("aria-describedby", messageId ?? "");
    await title.fill(unique("Second call"));
    await activity.getByRole("button", { name: "Add activity" }).click();
    await expect(activity.getByRole("listitem").filter({ hasText: "Second entry's details" })).toBeVisible();
    await expect(details).toHaveValue("");
    await expect(title).not.toHaveAttribute("aria-invalid", "true");
  });

  await test.step("homework", async () => {
    const homework = region(page, "Homework");
    const title = homework.getByRole("textbox", { name: "Homework title" });
    const description = homework.getByRole("textbox", { name: "Description (optional)" });
    const first = unique("Resume bullets");
    await title.fill(first);
    await homework.getByRole("button", { name: "Assign homework" }).click();
    await expect(homework.getByRole("listitem").filter({ hasText: first })).toBeVisible();
    await expect(title).toHaveValue("");

    await description.fill("Three STAR stories, one page each.");
    await homework.getByRole("button", { name: "Assign homework" }).click();
    await expect(homework.getByRole("alert")).toHaveText("Title is required.");
    await expect(description).toHaveValue("Three STAR stories, one page each.");
  });

  await test.step("resource", async () => {
    const resources = region(page, "Resources");
    const title = resources.getByRole("textbox", { name: "Resource title" });
    const url = resources.getByRole("textbox", { name: "URL" });
    const first = unique("Question bank");
    await title.fill(first);
    await url.fill("https://example.com/questions");
    await resources.getByRole("button", { name: "Add resource" }).click();
    await expect(resources.getByRole("listitem").filter({ hasText: first })).toBeVisible();
    await expect(title).toHaveValue("");

    await url.fill("https://example.com/second-bank");
    await resources.getByRole("textbox", { name: "Tags (comma-separated, optional)" }).fill("practice");
    await resources.getByRole("button", { name: "Add resource" }).click();
    await expect(resources.getByRole("alert")).toHaveText("Title is required.");
    await expect(url).toHaveValue("https://example.com/second-bank");
  });
});

test("the browser checks a form with the action's own schema: a blank title sends nothing and says the same words", async ({
  page,
  newPage,
}) => {
  const { path } = await openNewLead(page, newPage, "Checked");
  await gotoHydrated(page, path);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const activity = region(page, "Recent activity");
  const title = activity.getByRole("textbox", { name: "Activity title" });
  const details = activity.getByRole("textbox", { name: "Details (optional)" });
  await details.fill("Typed before the title.");
  await activity.getByRole("button", { name: "Add activity" }).click();
  const alert = activity.getByRole("alert");
  await expect(alert).toHaveText("Activity title is required.");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAttribute("aria-describedby", (await alert.getAttribute("id")) ?? "");
  await expect(title).toBeFocused();
  await expect(details).toHaveValue("Typed before the title.");
  expect(posts).toEqual([]);
  // The same words come from the server for a post the browser did not check (docs/product/validation.md).
  const answer = await page.request.post(`${path}.data`, {
    form: { intent: "add-activity", title: " ", details: "" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("Activity title is required.");
});

test("without JavaScript, the admin changes role and plan with their Save buttons", async ({
  page,
  newPage,
}) => {
  const { who, path } = await openNewLead(page, newPage, "NoScript");
  const plain = await newPage({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  await plain.goto(path);
  await expect(plain.getByRole("heading", { level: 1, name: who.name })).toBeVisible();
  const role = plain.getByLabel("Role", { exact: true });
  const plan = plain.getByLabel("Plan", { exact: true });
  await expect(role).toHaveValue("lead");

  await role.selectOption("client");
  await plain.getByRole("button", { name: "Save role" }).click();
  await expect(plain).toHaveURL(new RegExp(`${path}$`));
  await expect(role).toHaveValue("client");

  await plan.selectOption("pro");
  await plain.getByRole("button", { name: "Save plan" }).click();
  await expect(plan).toHaveValue("pro");

  await gotoHydrated(page, path);
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("client");
  await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("pro");
  await expect(region(page, "Audit trail")).toContainText("Plan changed");
  await expect(page.getByRole("button", { name: /^Save (role|plan)$/ })).toHaveCount(0);
});

test("'Add Lesson' from a client's page starts with that client chosen", async ({ page }) => {
  await signIn(page, PEOPLE.admin, { to: "/admin" });
  await openPerson(page, PEOPLE.premiumClient.email);
  await gotoHydrated(page, new URL(page.url()).pathname);
  await region(page, "Lessons").getByRole("link", { name: "Add Lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Lesson" })).toBeVisible();
  const sofia = page.locator('input[name="clientId"]:checked');
  await expect(sofia).toHaveCount(1);
  await expect(sofia).toHaveAccessibleName(/sofia\.alvarez@example\.com/);
});

test("at 1280×800 the quotas, the Add activity form and the homework to review are in the first screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, PEOPLE.admin, { to: "/admin" });
  // Sofia (premium, seeded) has every section filled.
  const path = await openPerson(page, PEOPLE.premiumClient.email);
  await gotoHydrated(page, path);
  await expect(page.getByRole("button", { name: "Mark reviewed" }).first()).toBeVisible();
  const tops = {
    "the first quota card": region(page, "Quotas").getByRole("progressbar").first(),
    "the Add activity form": page.getByRole("textbox", { name: "Activity title" }),
    "the Add activity button": page.getByRole("button", { name: "Add activity" }),
    "the homework to review": region(page, "To review"),
    "the first 'Mark reviewed'": page.getByRole("button", { name: "Mark reviewed" }).first(),
  };
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY).toBe(0);
  for (const [what, locator] of Object.entries(tops)) {
    const box = await locator.boundingBox();
    expect(box, what).not.toBeNull();
    expect(box?.y ?? Number.POSITIVE_INFINITY, `${what} is within the first 800 px`).toBeLessThan(800);
  }
  await page
    .getByRole("navigation", { name: "On this page" })
    .getByRole("link", { name: "Audit trail" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Audit trail" })).toBeInViewport();
});
