import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { MockIdentity } from "../support/oidc-provider.ts";
import { pdf } from "../support/sample-files";
import { escapeRegExp, unique, uniqueId } from "../support/text";
import { chooseTheme, expectAccessibleIn, expectNoAxeViolations, PHONE_360 } from "./appearance";
import { freshIdentity, openAs, PEOPLE, signIn } from "./sign-in";
import { expect, gotoHydrated, holdReact, type NewPage, test } from "./support";

// docs/product/screens.md, Add Lesson screen, as coach and admin. Unique titles keep parallel tests apart;
// lessons go to Maya and Sofia only, since the portal spec checks Daniel's exact list.

const NEW = "/admin/lessons/new";
const SEEDED_CLIENTS = ["daniel.okafor@example.com", "maya.chen@example.com", "sofia.alvarez@example.com"];
const NOT_CLIENTS = ["admin@example.com", "coach@example.com"];

const picker = (page: Page) => page.getByRole("group", { name: "Client" });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search clients by name or email" });
const clientRadio = (page: Page, email: string) =>
  picker(page).getByRole("radio", { name: new RegExp(escapeRegExp(email)) });
const form = (page: Page) => ({
  date: page.getByLabel("Date and time"),
  title: page.getByRole("textbox", { name: "Title" }),
  notes: page.getByRole("textbox", { name: "Notes (optional)" }),
  recording: page.getByRole("textbox", { name: "Recording URL (optional)" }),
  label: (n: number) => page.getByRole("textbox", { name: `Label of resource ${n}` }),
  url: (n: number) => page.getByRole("textbox", { name: `URL of resource ${n}` }),
  addResource: page.getByRole("button", { name: "Add resource" }),
  remove: (n: number) => page.getByRole("button", { name: `Remove resource ${n}` }),
  save: page.getByRole("button", { name: /^(Save lesson|Save changes|Saving…)$/ }),
  alert: page.locator("form").getByRole("alert"),
});

async function listedEmails(page: Page): Promise<string[]> {
  const labels = await picker(page)
    .locator('input[name="clientId"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.innerText ?? ""));
  return labels.map((label) => label.trim().split("\n").pop()?.trim() ?? "");
}

async function searchClients(page: Page, text: string) {
  await searchBox(page).fill(text);
}

async function chooseClient(page: Page, search: string, email: string) {
  await searchClients(page, search);
  await expect.poll(() => listedEmails(page), { timeout: 15_000 }).toContain(email);
  await clientRadio(page, email).check();
}

async function createLesson(page: Page, email: string, title: string, resources: [string, string][] = []) {
  await chooseClient(page, email.split("@")[0] ?? email, email);
  const f = form(page);
  await f.title.fill(title);
  await f.notes.fill(`Notes for ${title}`);
  for (const [i, [label, url]] of resources.entries()) {
    if (i > 0) await f.addResource.click();
    await f.label(i + 1).fill(label);
    await f.url(i + 1).fill(url);
  }
  await f.save.click();
  await expect(page.getByText("Lesson created ✅")).toBeVisible({ timeout: 20_000 });
  const href = await page.getByRole("link", { name: "Edit this lesson" }).getAttribute("href");
  expect(href).toMatch(/^\/admin\/lessons\/[0-9a-f-]{36}$/);
  return href as string;
}

async function deleteLessonAt(page: Page, editPath: string) {
  await gotoHydrated(page, editPath);
  await page.getByRole("button", { name: "Delete lesson" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
  await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/, { timeout: 20_000 });
}

async function newSignedInPage(newPage: NewPage, who: MockIdentity, path: string) {
  const page = await newPage();
  await openAs(page, who, path);
  return { context: page.context(), page };
}

test("the coach's picker lists clients by email, searches case-insensitively and shows 'No matches'", async ({
  page,
  newPage,
}) => {
  const lead = freshIdentity("Lead");
  const other = await newSignedInPage(newPage, lead, "/dashboard");
  await other.context.close();

  await openAs(page, PEOPLE.coach, NEW);
  await expect(page.getByRole("heading", { level: 1, name: "Add Lesson" })).toBeVisible();

  const first = await listedEmails(page);
  for (const email of SEEDED_CLIENTS) expect(first).toContain(email);
  for (const email of [...NOT_CLIENTS, lead.email]) expect(first).not.toContain(email);
  expect(first).toEqual([...first].sort());
  expect(first.length).toBeLessThanOrEqual(20);
  await expect(clientRadio(page, "sofia.alvarez@example.com")).toHaveAccessibleName(/Sofia Alvarez/);

  await searchClients(page, "SOFIA");
  await expect.poll(() => listedEmails(page), { timeout: 15_000 }).toEqual(["sofia.alvarez@example.com"]);
  await searchClients(page, "Okafor");
  await expect.poll(() => listedEmails(page), { timeout: 15_000 }).toEqual(["daniel.okafor@example.com"]);
  await searchClients(page, "zzz");
  await expect(picker(page).getByText("No matches", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(picker(page).getByRole("radio")).toHaveCount(0);
  for (const email of [...NOT_CLIENTS, lead.email]) {
    await searchClients(page, email);
    await expect(picker(page).getByText("No matches", { exact: true })).toBeVisible({ timeout: 15_000 });
  }
  await searchClients(page, "");
  // Tests running beside this one may have made clients since: everyone listed before is listed again.
  await expect
    .poll(
      async () => {
        const listed = await listedEmails(page);
        return first.filter((email) => !listed.includes(email));
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
  const again = await listedEmails(page);
  expect(again).toEqual([...again].sort());

  await clientRadio(page, again[0] ?? "").focus();
  await page.keyboard.press("Space");
  await expect(clientRadio(page, again[0] ?? "")).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(clientRadio(page, again[1] ?? "")).toBeChecked();

  await chooseClient(page, "maya", "maya.chen@example.com");
  await searchClients(page, "Okafor");
  await expect
    .poll(() => listedEmails(page), { timeout: 15_000 })
    .toEqual(["maya.chen@example.com", "daniel.okafor@example.com"]);
  await expect(clientRadio(page, "maya.chen@example.com")).toBeChecked();
});

test("the coach adds a lesson: validation messages, 'Saving…', success keeps client and date, the client sees it", async ({
  page,
  newPage,
}) => {
  await openAs(page, PEOPLE.coach, NEW);
  const f = form(page);
  const title = unique("Mock interview debrief");
  const notes = `Went through two graph problems. ${title}`;
  const recording = `https://video.example.com/rec-${uniqueId()}`;
  const slides = `https://example.com/slides-${uniqueId()}`;
  const reading = `https://example.com/reading-${uniqueId()}`;

  await f.title.fill(title);
  await f.save.click();
  await expect(f.alert).toHaveText("Select a client.", { timeout: 20_000 });
  await expect(f.alert).toHaveClass(/text-danger/);
  await expect(f.title).toHaveValue(title);

  await chooseClient(page, "sofia", "sofia.alvarez@example.com");
  await f.title.fill("   ");
  await f.notes.fill(notes);
  await f.save.click();
  await expect(f.alert).toHaveText("Title is required.", { timeout: 20_000 });
  await expect(f.title).toHaveAttribute("aria-invalid", "true");
  await expect(f.title).toBeFocused();
  await expect(f.notes).toHaveValue(notes);
  await expect(clientRadio(page, "sofia.alvarez@example.com")).toBeChecked();

  // One complete resource row, one without a URL (dropped), one without a label.
  await f.date.fill("2025-03-14T10:30");
  await f.title.fill(title);
  await f.recording.fill(recording);
  await f.label(1).fill("System design slides");
  await f.url(1).fill(slides);
  await f.addResource.click();
  await expect(f.label(2)).toBeFocused();
  await f.label(2).fill("Dropped: no URL");
  await f.addResource.click();
  await f.url(3).fill(reading);

  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/admin\/lessons\/new\.data/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await f.save.click();
  await expect(page.getByRole("button", { name: "Saving…" })).toBeDisabled();
  await expect(f.title).toBeDisabled();
  await expect(f.addResource).toBeDisabled();
  await expect(searchBox(page)).toBeDisabled();
  release();

  const success = page.getByText("Lesson created ✅", { exact: true });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toHaveClass(/text-success/);
  await expect(f.alert).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save lesson" })).toBeEnabled();
  // docs/product/screens.md, Add Lesson screen: client and date are kept.
  await expect(f.title).toHaveValue("");
  await expect(f.title).toBeFocused();
  await expect(f.notes).toHaveValue("");
  await expect(f.recording).toHaveValue("");
  await expect(page.locator('input[name="resourceUrl"]')).toHaveCount(1);
  await expect(f.label(1)).toHaveValue("");
  await expect(f.url(1)).toHaveValue("");
  await expect(clientRadio(page, "sofia.alvarez@example.com")).toBeChecked();
  await expect(f.date).toHaveValue("2025-03-14T10:30");
  await page.unroute(/\/admin\/lessons\/new\.data/);

  await page.getByRole("link", { name: "Edit this lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit lesson" })).toBeVisible();
  await expect(page.getByText(`${title} · Coach: Priya Raman`)).toBeVisible();
  const editPath = new URL(page.url()).pathname;

  const sofia = await newSignedInPage(newPage, PEOPLE.premiumClient, "/lessons");
  const lesson = sofia.page.getByRole("article", { name: title });
  await expect(lesson).toBeVisible();
  await expect(lesson).toContainText(notes);
  await expect(lesson.getByRole("link", { name: /Watch the recording/ })).toHaveAttribute("href", recording);
  await expect(lesson.getByRole("link", { name: /System design slides/ })).toHaveAttribute("href", slides);
  await expect(lesson.getByRole("link", { name: new RegExp(escapeRegExp(reading)) })).toHaveAttribute(
    "href",
    reading,
  );
  await expect(lesson).not.toContainText("Dropped: no URL");
  await expect(lesson.getByRole("link")).toHaveCount(3);
  await sofia.context.close();

  await deleteLessonAt(page, editPath);
});

test("the admin edits a lesson (fields, resources, client) and deletes it after confirming", async ({
  page,
}) => {
  await openAs(page, PEOPLE.admin, NEW);
  const title = unique("Resume review");
  const first = `https://example.com/first-${uniqueId()}`;
  const second = `https://example.com/second-${uniqueId()}`;
  const editPath = await createLesson(page, "sofia.alvarez@example.com", title, [
    ["First link", first],
    ["Second link", second],
  ]);
  await gotoHydrated(page, editPath);
  const f = form(page);
  await expect(page.getByRole("heading", { level: 1, name: "Edit lesson" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to Sofia Alvarez" })).toHaveAttribute(
    "href",
    /^\/admin\/clients\/[0-9a-f-]{36}$/,
  );
  await expect(page.getByText(`${title} · Coach: Jordan Avery`)).toBeVisible();
  await expect(f.title).toHaveValue(title);
  await expect(f.notes).toHaveValue(`Notes for ${title}`);
  await expect(f.date).not.toHaveValue("");
  await expect(f.label(1)).toHaveValue("First link");
  await expect(f.url(2)).toHaveValue(second);
  await expect(clientRadio(page, "sofia.alvarez@example.com")).toBeChecked();

  const renamed = `${title} (updated)`;
  await f.title.fill(renamed);
  await f.remove(1).click();
  await expect(f.addResource).toBeFocused();
  await expect(page.locator('input[name="resourceUrl"]')).toHaveCount(1);
  await chooseClient(page, "maya", "maya.chen@example.com");
  await f.save.click();
  await expect(page.getByText("Changes saved ✅", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: "← Back to Maya Chen" })).toBeVisible();

  await f.title.fill("");
  await f.save.click();
  await expect(f.alert).toHaveText("Title is required.", { timeout: 20_000 });

  await gotoHydrated(page, editPath);
  await expect(f.title).toHaveValue(renamed);
  await expect(page.locator('input[name="resourceUrl"]')).toHaveCount(1);
  await expect(f.label(1)).toHaveValue("Second link");
  await expect(clientRadio(page, "maya.chen@example.com")).toBeChecked();
  const clientHref = await page.getByRole("link", { name: "← Back to Maya Chen" }).getAttribute("href");

  await page.getByRole("button", { name: "Delete lesson" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this lesson?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(editPath)}$`));

  await page.getByRole("button", { name: "Delete lesson" }).click();
  await dialog.getByRole("button", { name: "Yes, delete" }).click();
  await page.waitForURL((url) => url.pathname === clientHref, { timeout: 20_000 });

  const gone = await page.goto(editPath);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

// The edit page is read as HTML until the coach acts (docs/decisions/0042-hydrate-on-intent.md): notes
// typed onto the saved text before React arrives survive hydration, which resets a textarea to the
// server's text, and are saved.
test("notes typed before React arrives on the edit page are kept and saved", async ({ page }) => {
  await openAs(page, PEOPLE.coach, NEW);
  const title = `Typed early ${uniqueId()}`;
  const editPath = await createLesson(page, "maya.chen@example.com", title);
  const tab = await page.context().newPage();
  const react = await holdReact(tab);
  await tab.goto(editPath);
  const notes = form(tab).notes;
  await expect(notes).toHaveValue(`Notes for ${title}`);
  await notes.press("End");
  await notes.pressSequentially(", and a follow-up");
  expect(await tab.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

  react.release();
  await expect(tab.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(notes).toHaveValue(`Notes for ${title}, and a follow-up`);
  await form(tab).save.click();
  await expect(tab.getByText("Changes saved ✅")).toBeVisible({ timeout: 20_000 });
  await tab.reload();
  await expect(form(tab).notes).toHaveValue(`Notes for ${title}, and a follow-up`);
});

test("an unknown or malformed lesson id is a 404", async ({ page }) => {
  await openAs(page, PEOPLE.coach, "/admin");
  for (const path of [`/admin/lessons/${randomUUID()}`, "/admin/lessons/not-a-lesson"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("That lesson was not found.")).toBeVisible();
  }
});

test("a client or a lead posting to /admin/lessons/new is refused and no lesson is created", async ({
  page,
  baseURL,
  newPage,
}) => {
  await openAs(page, PEOPLE.admin, NEW);
  const mayaId = await clientRadio(page, "maya.chen@example.com").getAttribute("value");
  expect(mayaId).toMatch(/^[0-9a-f-]{36}$/);
  const title = unique("Sneaky lesson");
  const fields = { clientId: mayaId ?? "", title, notes: "", recordingUrl: "", occurredAt: "" };

  for (const who of [PEOPLE.basicClient, freshIdentity("Lead")]) {
    const { context, page: other } = await newSignedInPage(newPage, who, "/dashboard");
    for (const path of [NEW, `${NEW}.data`]) {
      const response = await other.request.post(path, {
        form: fields,
        headers: { origin: baseURL ?? "" },
        maxRedirects: 0,
      });
      const status = response.status();
      const body = await response.text();
      // A data request answers with the redirect encoded (single fetch).
      const refused =
        status === 403 ||
        ([301, 302, 303, 307, 308].includes(status) &&
          /\/dashboard$/.test(response.headers().location ?? "")) ||
        (path.endsWith(".data") && [202, 204].includes(status) && body.includes("/dashboard"));
      expect(refused, `${who.email} POST ${path} → ${status} ${response.headers().location ?? ""}`).toBe(
        true,
      );
    }
    await context.close();
  }

  const maya = await newSignedInPage(newPage, PEOPLE.basicClient, "/lessons");
  await expect(maya.page.getByRole("heading", { level: 1, name: "Lessons" })).toBeVisible();
  await expect(maya.page.getByText(title)).toHaveCount(0);
  await maya.context.close();
});

// docs/decisions/0043-file-storage.md, "Attachments": the lesson form carries the coach's files, with
// JavaScript and without; the client finds them under the lesson.
test("the coach attaches files to a lesson, with JavaScript and, editing it, without; the client sees them", async ({
  newPage,
}) => {
  const page = await newPage();
  await openAs(page, PEOPLE.coach, NEW);
  const title = unique("Lesson with files");
  const first = `Slides ${uniqueId()}.pdf`;
  const second = `Plan ${uniqueId()}.pdf`;
  const files = page.getByLabel("Files for the client (optional, up to 5)");
  await chooseClient(page, "sofia", "sofia.alvarez@example.com");
  await form(page).title.fill(title);
  await files.setInputFiles({ name: first, mimeType: "application/pdf", buffer: pdf(800) });
  await form(page).save.click();
  await expect(page.getByText("Lesson created ✅")).toBeVisible({ timeout: 20_000 });
  await expect(files).toHaveValue(""); // saved: the input is empty again
  const editPath = (await page
    .getByRole("link", { name: "Edit this lesson" })
    .getAttribute("href")) as string;

  const plain = await newPage({ javaScriptEnabled: false });
  await signIn(plain, PEOPLE.coach, { to: editPath });
  await plain
    .getByLabel("Files for the client (optional, up to 5)")
    .setInputFiles({ name: second, mimeType: "application/pdf", buffer: pdf(900) });
  await form(plain).save.click();
  await expect(plain.getByText("Changes saved ✅", { exact: true })).toBeVisible();

  const sofia = await newSignedInPage(newPage, PEOPLE.premiumClient, "/lessons");
  const lesson = sofia.page.getByRole("article", { name: title });
  await expect(lesson.getByText("Files from your coach")).toBeVisible();
  await expect(lesson.getByRole("link", { name: first })).toHaveAttribute("href", /^\/files\/[0-9a-f-]{36}$/);
  await expect(lesson.getByRole("link", { name: second })).toHaveAttribute(
    "href",
    /^\/files\/[0-9a-f-]{36}$/,
  );
  await sofia.context.close();

  await deleteLessonAt(page, editPath);
});

test("without JavaScript: search with the GET form, errors keep what was typed, save and delete", async ({
  newPage,
}) => {
  const page = await newPage({ javaScriptEnabled: false });
  await signIn(page, PEOPLE.coach, { to: NEW });
  const f = form(page);

  await searchBox(page).fill("CHEN");
  await searchBox(page).press("Enter");
  await page.waitForURL((url) => url.pathname === NEW && url.searchParams.get("q") === "CHEN");
  expect(await listedEmails(page)).toEqual(["maya.chen@example.com"]);

  const title = unique("No-script lesson");
  await f.notes.fill("Typed before the error");
  await f.save.click();
  await expect(f.alert).toHaveText("Select a client.");
  await expect(f.notes).toHaveValue("Typed before the error");

  await clientRadio(page, "maya.chen@example.com").check();
  await f.title.fill(title);
  await f.label(1).fill("Reading");
  await f.url(1).fill("https://example.com/reading");
  await f.save.click();
  await expect(page.getByText("Lesson created ✅", { exact: true })).toBeVisible();
  await expect(f.title).toHaveValue("");
  await expect(f.notes).toHaveValue("");
  await expect(clientRadio(page, "maya.chen@example.com")).toBeChecked();

  await page.getByRole("link", { name: "Edit this lesson" }).click();
  await expect(f.title).toHaveValue(title);
  await page.getByRole("button", { name: "Delete lesson" }).click();
  await expect(page).toHaveURL(/\?confirm=delete$/);
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
});

for (const theme of ["dark", "light"] as const) {
  test(`add and edit lesson pages have no accessibility violations in the ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    await chooseTheme(page, baseURL, theme);
    await openAs(page, PEOPLE.admin, NEW);
    await expectAccessibleIn(page, theme);

    await form(page).save.click();
    await expect(form(page).alert).toHaveText("Select a client.", { timeout: 20_000 });
    await expectNoAxeViolations(page);
    const editPath = await createLesson(page, "sofia.alvarez@example.com", unique("Axe check"), [
      ["Doc", "https://example.com/doc"],
    ]);
    await expectNoAxeViolations(page);

    await gotoHydrated(page, editPath);
    await expect(page.getByRole("heading", { level: 1, name: "Edit lesson" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Delete lesson" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
    await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  });
}

test("the lesson pages work at 360 px wide", async ({ page }) => {
  await page.setViewportSize(PHONE_360);
  await openAs(page, PEOPLE.coach, NEW);
  const fitsWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await fitsWidth()).toBe(true);
  const overrunning = await page.evaluate(() => {
    const card = document.querySelector("main form[method='post']");
    if (!card) return ["no form"];
    const inner = card.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(card).paddingRight);
    return [...card.querySelectorAll("input:not([type=hidden]), button, select, textarea")]
      .filter((control) => control.getBoundingClientRect().right > inner + 0.5)
      .map((control) => control.getAttribute("name") ?? control.textContent?.trim() ?? control.tagName);
  });
  expect(overrunning).toEqual([]);

  const editPath = await createLesson(page, "maya.chen@example.com", unique("Phone lesson"), [
    ["A rather long resource label for a small screen", "https://example.com/a/very/long/path/for/a/phone"],
  ]);
  expect(await fitsWidth()).toBe(true);
  // After a save the title takes focus (scrolling up); the button must still be whole when scrolled to.
  await form(page).save.scrollIntoViewIfNeeded();
  await expect(form(page).save).toBeInViewport({ ratio: 1 });

  await gotoHydrated(page, editPath);
  expect(await fitsWidth()).toBe(true);
  await page.getByRole("button", { name: "Delete lesson" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this lesson?" });
  await expect(dialog.getByRole("button", { name: "Yes, delete" })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
  await dialog.getByRole("button", { name: "Yes, delete" }).click();
  await page.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/, { timeout: 20_000 });
});
