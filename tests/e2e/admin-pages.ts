import type { Locator, Page } from "@playwright/test";
import { listedPersonIds } from "../support/people-list.ts";
import { freshIdentity, type NamedIdentity, PEOPLE, signedInPage, signIn } from "./sign-in";
import {
  patientExpect as expect,
  firstVisit,
  holdReact,
  type NewPage,
  reactRanBefore,
  region,
} from "./support";

// The admin area's page parts, found as a person finds them (by role and name), for the admin specs.

export async function makeLead(newPage: NewPage, prefix: string): Promise<NamedIdentity> {
  const who = freshIdentity(prefix);
  const { context } = await signedInPage(newPage, who, "/dashboard");
  await context.close();
  return who;
}

/** The id of the one person with `email`, from the people list the signed-in admin on `admin` sees. */
export async function personIdOf(admin: Page, email: string): Promise<string> {
  const response = await admin.request.get(`/admin/clients?${new URLSearchParams({ q: email })}`);
  const ids = listedPersonIds(await response.text());
  expect(ids, `one row for ${email}`).toHaveLength(1);
  return ids[0] as string;
}

/** For set-up steps; the steps under test click. */
export async function adminPost(admin: Page, id: string, form: Record<string, string>) {
  const response = await admin.request.post(`/admin/clients/${id}`, { form });
  expect(response.status(), JSON.stringify(form)).toBe(200);
}

export async function makeProClient(admin: Page, id: string) {
  await adminPost(admin, id, { intent: "set-role", role: "client" });
  await adminPost(admin, id, { intent: "set-plan", plan: "pro" });
}

/** A fresh lead's dashboard and the admin's home, open side by side in contexts of their own. */
export async function leadBesideAdmin(newPage: NewPage, prefix: string) {
  const person = freshIdentity(prefix);
  const client = await signedInPage(newPage, person, "/dashboard");
  const admin = await signedInPage(newPage, PEOPLE.admin, "/admin");
  return { person, client, admin, id: await personIdOf(admin.page, person.email) };
}

/** leadBesideAdmin, the lead made a Pro client by the admin first. */
export async function proClientBesideAdmin(newPage: NewPage, prefix: string) {
  const opened = await leadBesideAdmin(newPage, prefix);
  await makeProClient(opened.admin.page, opened.id);
  return opened;
}

/** So the in-between state can be seen. */
export async function holdPosts(page: Page, pathname: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matcher = (url: URL) => url.pathname === pathname;
  await page.route(matcher, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.fallback();
  });
  return {
    release: async () => {
      release();
      await page.unroute(matcher);
    },
  };
}

export const filters = (page: Page) => page.getByRole("navigation", { name: "Filter" });
export const filterLink = (page: Page, label: "Leads" | "Clients" | "All") =>
  filters(page).getByRole("link", { name: new RegExp(`^${label} \\(\\d+\\)$`) });
export const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search name or email" });
export const listCaption = (page: Page) => page.getByRole("table").locator("caption");
export const peopleRows = (page: Page) => page.getByRole("table").locator("tbody > tr");
export const rowOf = (page: Page, email: string) =>
  peopleRows(page).filter({ has: page.getByRole("cell", { name: email, exact: true }) });

export async function countOf(page: Page, label: "Leads" | "Clients" | "All"): Promise<number> {
  const text = (await filterLink(page, label).innerText()).trim();
  const match = text.match(/\((\d+)\)$/);
  if (!match) throw new Error(`no count in "${text}"`);
  return Number(match[1]);
}

export async function expectCounts(page: Page, counts: { leads: number; clients: number; all: number }) {
  await expect(filterLink(page, "Leads")).toHaveText(`Leads (${counts.leads})`);
  await expect(filterLink(page, "Clients")).toHaveText(`Clients (${counts.clients})`);
  await expect(filterLink(page, "All")).toHaveText(`All (${counts.all})`);
}

export async function rowCells(row: Locator): Promise<string[]> {
  return (await row.getByRole("cell").allInnerTexts()).slice(0, 4).map((text) => text.trim());
}

export async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect
    .poll(() => new URL(page.url()).searchParams.get("q") ?? "", { message: "the search reached the URL" })
    .toBe(text);
  // The caption names the search the rows are for, so the rows read next are not the previous search's.
  if (text) await expect(listCaption(page)).toContainText(`matching “${text}”`);
  else await expect(listCaption(page)).not.toContainText("matching");
}

export const quotaBar = (page: Page, label: string) =>
  page.getByRole("progressbar", { name: label, exact: true });
/** The client's own dashboard shows the same bar. */
export const sessionsBar = (page: Page) => quotaBar(page, "30-minute coaching session");
export const quotaCard = (page: Page, label: string) =>
  region(page, "Quotas")
    .locator("div.rounded-xl")
    .filter({ has: page.getByRole("heading", { level: 3, name: label, exact: true }) });
export const plusOne = (page: Page, label: string) =>
  quotaCard(page, label).getByRole("button", { name: /^(\+1|Add one)/ });
export const minusOne = (page: Page, label: string) =>
  quotaCard(page, label).getByRole("button", { name: /^(-1|−1|Remove one)/ });
export const specialRow = (page: Page, label: string) =>
  region(page, "Special items")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
export const homeworkItem = (page: Page, title: string, section: "Homework" | "To review" = "Homework") =>
  region(page, section)
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) });

/** The admin area's one navigation (app/components/admin/admin-nav.tsx). */
export const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin", exact: true });
/** A card on the admin home by its title; the navigation names the same pages in a word or two. */
export const homeCard = (page: Page, title: string) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .getByRole("link", { name: new RegExp(`^${title}`) });

/** Every admin page without an id in its path, with the navigation's link that marks it (app/routes.ts). */
export const ADMIN_PAGES = [
  { path: "/admin", current: "Overview" },
  { path: "/admin/clients", current: "Leads & Clients" },
  { path: "/admin/lessons/new", current: "Add Lesson" },
  { path: "/admin/homework", current: "Homework" },
  { path: "/admin/job-search", current: "Job search" },
  { path: "/admin/job-search/outcomes", current: "Job search" },
  { path: "/admin/payments", current: "Payments" },
  { path: "/admin/codes", current: "Codes" },
  { path: "/admin/business", current: "Business" },
  { path: "/admin/business/ledger?kind=charges", current: "Business" },
  { path: "/admin/capacity", current: "Capacity" },
  { path: "/admin/emails", current: "Emails" },
  { path: "/admin/emails/preview", current: "Emails" },
  { path: "/admin/emails/preview/payment-receipt", current: "Emails" },
  { path: "/admin/intake", current: "Intake" },
  { path: "/admin/agreement", current: "Agreement" },
] as const;

/** The pages of one person (a client, a lead) and of a lesson, found from the seeded Pro client's page. */
export async function adminPagesOfPeople(admin: Page, clientEmail: string, leadEmail: string) {
  const client = `/admin/clients/${await personIdOf(admin, clientEmail)}`;
  const lead = `/admin/clients/${await personIdOf(admin, leadEmail)}`;
  await admin.goto(client);
  const lesson = await region(admin, "Lessons")
    .getByRole("link", { name: /^Edit/ })
    .first()
    .getAttribute("href");
  if (!lesson) throw new Error(`no lesson to edit on ${clientEmail}'s page`);
  return [
    { path: client, current: "Leads & Clients" },
    { path: lead, current: "Leads & Clients" },
    { path: `${client}/files`, current: "Leads & Clients" },
    { path: `${client}/review`, current: "Leads & Clients" },
    { path: lesson, current: null },
  ];
}

/** A fresh lead's row on the admin's list, asleep with React held, on a first or a later visit (app/lib/first-visit.ts). */
export async function sleepingLeadRow(page: Page, newPage: NewPage, visit: "first" | "later") {
  const lead = await makeLead(newPage, visit === "first" ? "FirstVisit" : "Asleep");
  await signIn(page, PEOPLE.admin, { to: "/admin" });
  if (visit === "first") await firstVisit(page);
  else await reactRanBefore(page, "/admin");
  const react = await holdReact(page);
  const path = `/admin/clients?${new URLSearchParams({ q: lead.email })}`;
  await page.goto(path);
  return { lead, path, react, row: rowOf(page, lead.email) };
}
