import {
  adminPost,
  leadBesideAdmin,
  makeProClient,
  personIdOf,
  plusOne,
  proClientBesideAdmin,
  quotaBar,
  sessionsBar,
} from "./admin-pages";
import { freshIdentity, PEOPLE, signedInPage } from "./sign-in";
import { patientExpect as expect, gotoHydrated, markDocument, sameDocument, test } from "./support";

// Live updates in the browser (docs/decisions/0014-live-updates.md, 0037-live-catch-up.md). Every person
// changed here is a fresh lead the admin makes a client first, since other specs run alongside.

// No time limit: pages never poll and a stream only drops on failure, so a change shown at all came by push;
// bench/live.mjs measures delivery time.

test("an admin's change shows on the client's open pages by itself, without a reload, keeping typed text", async ({
  newPage,
}) => {
  const { client, admin, id } = await leadBesideAdmin(newPage, "Live");
  const c = client.page;
  await markDocument(c);

  await test.step("the lead's demo dashboard becomes a Pro client's as the admin converts them", async () => {
    await makeProClient(admin.page, id);
    await expect(sessionsBar(c)).toHaveAttribute("aria-valuetext", "0 of 4 used");
    await expect(c.getByRole("complementary", { name: "Demo" })).toHaveCount(0);
    expect(await sameDocument(c), "the dashboard was reloaded").toBe(true);
  });

  await test.step("the admin clicks +1 on '30-minute coaching session': the client's figure follows", async () => {
    await gotoHydrated(admin.page, `/admin/clients/${id}`);
    const adminBar = quotaBar(admin.page, "30-minute coaching session");
    await expect(adminBar).toHaveAttribute("aria-valuetext", "0 of 4 used");
    await plusOne(admin.page, "30-minute coaching session").click();
    await expect(adminBar).toHaveAttribute("aria-valuetext", "1 of 4 used");
    await expect(sessionsBar(c)).toHaveAttribute("aria-valuetext", "1 of 4 used");
    expect(await sameDocument(c), "the dashboard was reloaded").toBe(true);
  });

  await test.step("on /homework, a new piece appears while the client types a note, and the note stays", async () => {
    await adminPost(admin.page, id, { intent: "assign-homework", title: "First piece" });
    await gotoHydrated(c, "/homework");
    await markDocument(c);
    const first = c.getByRole("article", { name: "First piece" });
    const note = first.getByRole("textbox", { name: "Note (optional)" });
    await note.fill("Half-way through my answer");
    await note.focus();

    await adminPost(admin.page, id, { intent: "assign-homework", title: "Second piece" });
    await expect(c.getByRole("article", { name: "Second piece" })).toBeVisible();
    await expect(note).toHaveValue("Half-way through my answer");
    await expect(note).toBeFocused();
    expect(await sameDocument(c), "the homework page was reloaded").toBe(true);
  });
});

test("a change made after the dashboard rendered, before its stream started, shows without a reload", async ({
  newPage,
}) => {
  const { client, admin, id } = await proClientBesideAdmin(newPage, "Loading");
  await gotoHydrated(admin.page, `/admin/clients/${id}`);
  const adminBar = quotaBar(admin.page, "30-minute coaching session");
  await expect(adminBar).toHaveAttribute("aria-valuetext", "0 of 4 used");

  // Its stream is held back until the change has been made.
  const c = client.page;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const streamAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await c.route(
    (url) => url.pathname === "/events",
    async (route) => {
      asked();
      await held;
      await route.continue();
    },
  );
  await gotoHydrated(c, "/dashboard", { waitUntil: "domcontentloaded" });
  await streamAsked;
  await markDocument(c);
  const clientBar = sessionsBar(c);
  await expect(clientBar).toHaveAttribute("aria-valuetext", "0 of 4 used");

  await adminPost(admin.page, id, { intent: "adjust", kind: "session_30m", amount: "1" });
  await expect(adminBar).toHaveAttribute("aria-valuetext", "1 of 4 used");
  // Heard while the dashboard had no stream: only the catch-up can tell the page.
  release();
  await expect(clientBar).toHaveAttribute("aria-valuetext", "1 of 4 used");
  expect(await sameDocument(c), "the dashboard was reloaded").toBe(true);
});

test("an admin demoted to client loses the admin pages at once", async ({ newPage }) => {
  const person = freshIdentity("Demoted");
  const admin = await signedInPage(newPage, PEOPLE.admin, "/admin");
  const other = await signedInPage(newPage, person, "/dashboard");
  const id = await personIdOf(admin.page, person.email);
  await adminPost(admin.page, id, { intent: "set-role", role: "admin" });
  const o = other.page;
  const streaming = o.waitForResponse((r) => new URL(r.url()).pathname === "/events" && r.status() === 200);
  await gotoHydrated(o, "/admin/clients");
  await expect(o.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();
  await streaming;

  await gotoHydrated(admin.page, `/admin/clients/${id}`);
  await admin.page.getByLabel("Role", { exact: true }).selectOption("client");
  await expect(admin.page.getByLabel("Role", { exact: true })).toBeEnabled();
  await expect(admin.page.getByLabel("Role", { exact: true })).toHaveValue("client");
  await expect(o).toHaveURL(/\/dashboard$/);
});
