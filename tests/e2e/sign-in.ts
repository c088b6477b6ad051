// Who is at the browser: the seeded people and fresh ones, signed in through the mock OpenID Connect provider
// (tests/support/oidc-provider.ts), and a buyer through the local test checkout.
import { randomUUID } from "node:crypto";
import type { BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { type MockIdentity, mockIdentityCookie } from "../support/oidc-provider.ts";
import { gotoHydrated, type NewPage, patientExpect, untilInteractive } from "./support";

export function oidcIssuer(): string {
  const issuer = process.env.E2E_OIDC_ISSUER;
  if (!issuer) throw new Error("E2E_OIDC_ISSUER is not set: run the tests through playwright.config.ts");
  return issuer;
}

export async function beAtProvider(context: BrowserContext, identity: MockIdentity): Promise<void> {
  await context.addCookies([mockIdentityCookie(oidcIssuer(), identity)]);
}

/** `to`: the address the sign-in page is asked to return to (its `redirectTo`); signing in must end on its path. */
export async function signIn(
  page: Page,
  identity: MockIdentity,
  {
    to,
    from = to ? `/login?${new URLSearchParams({ redirectTo: to })}` : "/login",
    expectPath = to ? new URL(to, "http://site").pathname : "/dashboard",
  }: { to?: string; from?: string; expectPath?: string | RegExp } = {},
): Promise<void> {
  await beAtProvider(page.context(), identity);
  await page.goto(from);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL((url) =>
    typeof expectPath === "string"
      ? url.pathname === expectPath
      : expectPath.test(`${url.pathname}${url.search}`),
  );
}

export const PEOPLE = {
  admin: { sub: "google-admin", email: "admin@example.com", name: "Jordan Avery" },
  coach: { sub: "google-coach", email: "coach@example.com", name: "Priya Raman" },
  basicClient: { sub: "google-maya", email: "maya.chen@example.com", name: "Maya Chen" },
  proClient: { sub: "google-daniel", email: "daniel.okafor@example.com", name: "Daniel Okafor" },
  premiumClient: { sub: "google-sofia", email: "sofia.alvarez@example.com", name: "Sofia Alvarez" },
  lead: { sub: "google-liam", email: "liam.tremblay@example.com", name: "Liam Tremblay" },
} satisfies Record<string, MockIdentity>;

export type NamedIdentity = MockIdentity & { name: string };

export function freshIdentity(prefix: string): NamedIdentity {
  const id = randomUUID().slice(0, 10);
  return {
    sub: `${prefix.toLowerCase()}-${id}`,
    email: `${prefix.toLowerCase()}-${id}@example.com`,
    name: `${prefix} ${id}`,
  };
}

/** `who` signs in on `page`, asking to return to `path`, which is then loaded afresh and hydrated. */
export async function openAs(page: Page, who: MockIdentity, path: string) {
  await signIn(page, who, { to: path });
  return gotoHydrated(page, path);
}

/** `who` signs in at `checkout` (a `/checkout?…` address) and goes on to the local test checkout. */
export async function toTestCheckout(page: Page, who: MockIdentity, checkout: string) {
  await signIn(page, who, { to: checkout });
  await page.getByRole("button", { name: "Continue to the test checkout" }).click();
}

/** Presses the local test checkout's `pay` button (it names the amount) and sees the payment received. */
export async function payOnTestCheckout(page: Page, pay: string | RegExp) {
  await page.getByRole("button", { name: pay }).click();
  await patientExpect(page.getByRole("heading", { name: "Thank you: payment received" })).toBeVisible();
}

/**
 * A page in a context of its own (`options`: a phone's viewport, no JavaScript…) where `who` is signed in at
 * `path`, ready for input once hydrated (at once without JavaScript).
 */
export async function signedInPage(
  newPage: NewPage,
  who: MockIdentity,
  path: string,
  options: BrowserContextOptions = {},
) {
  const page = await newPage(options);
  await signIn(page, who, { to: path });
  if (options.javaScriptEnabled !== false) await untilInteractive(page);
  return { context: page.context(), page };
}
