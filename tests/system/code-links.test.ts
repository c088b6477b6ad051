import { beforeAll, describe, expect, test } from "vitest";
import { CODE_CHECK_LATER, CODE_GUESSES_PER_ADDRESS_PER_MINUTE } from "~/server/rate-limit.server";
import { cookieFrom, localSignIn } from "../support/local-sign-in";
import { serversForFile } from "../support/server-file";
import { type RunningServer, serverErrors, startServer } from "../support/server-process";

// A code link on /pricing (`?ref=`) on the built server, through the Express shell that keeps /pricing's
// documents for visitors without a session (docs/decisions/0041-pricing-per-currency.md): a dead code says
// why, and guessing is limited per browser under a per-address ceiling, not per address alone
// (docs/decisions/0049-code-refusals.md). Every request here comes from 127.0.0.1: one campus address.

serversForFile();

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
  const admin = await localSignIn(server.url, "admin@example.com");
  const make = async (fields: Record<string, string>) => {
    const answer = await post("/admin/codes", admin, {
      intent: "create-code",
      percent: "25",
      note: "",
      ...fields,
    });
    expect(answer.status, await answer.text()).toBeLessThan(400);
  };
  await make({ code: "GONE-LINK", expires: "2026-11-20", maxUses: "" });
  await make({ code: "FULL-LINK", expires: "", maxUses: "1" });
  await make({ code: "LIVE-LINK", expires: "", maxUses: "" });
  // A checkout started with it holds its one use (docs/decisions/0044-discount-codes.md).
  const lead = await localSignIn(server.url, "liam.tremblay@example.com");
  const started = await post("/checkout", lead, {
    offer: "basic",
    currency: "USD",
    option: "upfront",
    code: "FULL-LINK",
  });
  expect(started.headers.get("location")).toMatch(/^\/checkout\/local\?/);
}, 120_000);

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
  });
}

/** The page's text as a person reads it, entities decoded. */
const text = (html: string) =>
  html
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("<!-- -->", "");

async function pricing(query: string, cookie = "currency=USD", headers: Record<string, string> = {}) {
  const answer = await fetch(`${server.url}/pricing${query}`, { headers: { cookie, ...headers } });
  return { answer, page: text(await answer.text()) };
}

const CHECKED = (code: string) => `Prices below include the code ${code}: 25% off`;
const browser = (n: number | string) => `currency=USD; browser=test-browser-${n}-0123456789`;

describe("a dead code link says why, through the kept pricing documents", () => {
  test("expired on its day, or used up: said on the page, and the Enroll buttons carry no code", async () => {
    const kept = await pricing("");
    expect(kept.answer.status).toBe(200);
    const cases = {
      "GONE-LINK": "The code GONE-LINK can no longer be used: it expired on Nov 20, 2026.",
      "FULL-LINK": "The code FULL-LINK can no longer be used: all its uses are taken.",
    };
    for (const [code, message] of Object.entries(cases)) {
      // The kept document's validator does not answer a link's page.
      const etag = kept.answer.headers.get("etag") ?? "";
      const { answer, page } = await pricing(`?ref=${code}`, browser(code), { "if-none-match": etag });
      expect(answer.status).toBe(200);
      expect(page).toContain(message);
      expect(page).not.toMatch(/[?&]ref=/);
    }
    const live = await pricing("?ref=LIVE-LINK", browser("live"));
    expect(live.page).toContain(CHECKED("LIVE-LINK"));
    expect(live.page).toContain("ref=LIVE-LINK");
    // The page without a link is still the kept one, with no word of any code.
    const after = await pricing("");
    expect(after.answer.headers.get("etag")).toBe(kept.answer.headers.get("etag"));
    expect(after.page).not.toContain("can no longer be used");
    expect(after.page).not.toContain("LIVE-LINK");
  });
});

describe("guessing is limited per browser, under a ceiling per address a class fits under", () => {
  test("a browser without the cookie is given one; a person signed in is counted as themselves", async () => {
    const first = await pricing("?ref=LIVE-LINK");
    expect(first.page).toContain(CHECKED("LIVE-LINK"));
    const cookie = first.answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^browser=[A-Za-z0-9_-]{16,64}; Path=\/; HttpOnly; SameSite=Lax$/);
    const again = await pricing("?ref=LIVE-LINK", `currency=USD; ${cookieFrom(first.answer)}`);
    expect(again.answer.headers.get("set-cookie")).toBeNull();
    const client = await localSignIn(server.url, "maya.chen@example.com");
    expect((await pricing("?ref=LIVE-LINK", client)).answer.headers.get("set-cookie")).toBeNull();
  });

  test("one browser guessing is stopped and told; every other browser behind the address still has its link checked", async () => {
    for (let i = 0; i < 10; i += 1) {
      const { page } = await pricing(`?ref=NOPE-${i}X`, browser("guesser"));
      expect(page).toContain(`There's no code "NOPE-${i}X"`);
    }
    const told = await pricing("?ref=LIVE-LINK", browser("guesser"));
    expect(told.answer.status).toBe(200);
    expect(told.page).toContain(CODE_CHECK_LATER);
    expect(told.page).not.toContain(CHECKED("LIVE-LINK"));

    // A class: forty browsers behind the same address, each with a typo and then the right link.
    for (let n = 0; n < 40; n += 1) {
      expect((await pricing("?ref=TYPO-LINK", browser(n))).page).toContain(`There's no code "TYPO-LINK"`);
      expect((await pricing("?ref=LIVE-LINK", browser(n))).page).toContain(CHECKED("LIVE-LINK"));
    }
  });

  test(`past ${CODE_GUESSES_PER_ADDRESS_PER_MINUTE} unknown codes a minute from the address, links wait and the page says so`, async () => {
    // 50 counted above; a script that drops its cookie makes up the rest.
    const rest = CODE_GUESSES_PER_ADDRESS_PER_MINUTE - 50;
    for (let sent = 0; sent < rest; sent += 10) {
      const pages = await Promise.all(
        Array.from({ length: Math.min(10, rest - sent) }, (_, i) => pricing(`?ref=SCRIPT-${sent + i}X`)),
      );
      for (const { page } of pages) expect(page).toContain(`There's no code "SCRIPT-`);
    }
    const fresh = await pricing("?ref=LIVE-LINK", browser("late"));
    expect(fresh.page).toContain(CODE_CHECK_LATER);
    expect(fresh.page).not.toContain(CHECKED("LIVE-LINK"));
  }, 120_000);

  test("no request was answered with a server error", () => {
    expect(serverErrors(server)).toEqual([]);
  });
});
