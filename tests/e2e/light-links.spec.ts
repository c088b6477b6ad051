import { freshIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import { expect, markDocument, sameDocument, test } from "./support";

// One listener makes light links' clicks client-side navigations (app/components/light-link.tsx); the mark
// markDocument sets survives those and not a new document.

test("the admin opens a person from Leads & Clients and filters the list without a new document", async ({
  newPage,
}) => {
  const { page } = await signedInPage(newPage, PEOPLE.admin, "/admin/clients");
  await markDocument(page);
  const filters = page.getByRole("navigation", { name: "Filter" });
  await filters.getByRole("link", { name: /^Leads/ }).click();
  await expect(page).toHaveURL(/\/admin\/clients\?filter=leads$/);
  await expect(filters.getByRole("link", { name: /^Leads/ })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ hasText: PEOPLE.lead.email });
  await row.getByRole("link", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: PEOPLE.lead.name })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/clients\?filter=leads$/);
  await expect(page.getByRole("row").filter({ hasText: PEOPLE.lead.email })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  await page
    .getByRole("row")
    .filter({ hasText: PEOPLE.lead.email })
    .getByRole("link", { name: PEOPLE.lead.email })
    .press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: PEOPLE.lead.name })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("a client moves between portal tabs in place; a marketing page loads as its own document", async ({
  newPage,
}) => {
  const { page } = await signedInPage(newPage, PEOPLE.proClient, "/dashboard");
  await markDocument(page);
  const tabs = page.getByRole("navigation", { name: "Portal" });
  await expect(tabs.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Lessons" }).click();
  await expect(page).toHaveURL(/\/lessons$/);
  await expect(tabs.getByRole("link", { name: "Lessons" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
  const header = page.getByRole("navigation", { name: "Main" });
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveClass(/font-semibold/);
  expect(await sameDocument(page)).toBe(true);

  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Your data" }).click();
  await expect(page).toHaveURL(/\/account$/);
  expect(await sameDocument(page)).toBe(true);

  // Pricing is an HTML-first page: a new document.
  await header.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => sameDocument(page)).toBe(false);
});

test("without JavaScript, a lead's 'Convert to client' posts the page's one convert form with that lead", async ({
  newPage,
}) => {
  // Sign-in is a plain form post too, so nothing here waits for scripts.
  const plain = await newPage({ javaScriptEnabled: false });
  const lead = freshIdentity("Plainlead");
  await signIn(plain, lead);
  await plain.context().clearCookies();
  await signIn(plain, PEOPLE.admin, { to: `/admin/clients?${new URLSearchParams({ q: lead.email })}` });
  const row = plain.getByRole("row").filter({ hasText: lead.email });
  await expect(row.getByRole("cell", { name: "lead", exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Convert to client" }).click();
  await expect(row.getByRole("cell", { name: "client", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "BASIC", exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Convert to client" })).toHaveCount(0);
});
