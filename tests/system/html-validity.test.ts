import { afterAll, beforeAll, expect, test } from "vitest";
import { PUBLIC_PAGES } from "~/content/prerender";
import { INTAKE_ANSWERS } from "../support/intake-rows";
import { localSignIn } from "../support/local-sign-in";
import { nuCheckerErrors } from "../support/nu-checker";
import { personIdOf } from "../support/people-list";
import { assertBuilt, type RunningServer, startServer, stopAllServers } from "../support/server-process";

// Every public page as served, and the first week's signed-in screens (the intake questionnaire, 0046, and
// the coaching agreement, 0047, in docs/decisions/) in each state a person meets them, are valid by the Nu
// Html Checker (tests/support/nu-checker.ts).

const PAGES = [...PUBLIC_PAGES, "/demo", "/demo/plan"];

let server: RunningServer;

beforeAll(async () => {
  assertBuilt();
  server = await startServer();
});
afterAll(() => stopAllServers());

async function html(path: string, cookie = ""): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  const text = await response.text();
  expect(response.status, path).toBe(200);
  return text;
}

async function post(path: string, cookie: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(fields),
  });
  const text = await response.text();
  expect(response.status, `POST ${path}: ${text.slice(0, 300)}`).toBeLessThan(400);
  return text;
}

test("the public pages and the demo have no Nu Html Checker error", async () => {
  const pages: Record<string, string> = {};
  for (const page of PAGES) {
    pages[page === "/" ? "home" : page.slice(1).replaceAll("/", "-")] = await html(page);
  }
  expect(await nuCheckerErrors(pages)).toEqual([]);
});

test("the first week's screens, before and after the client's steps, have no Nu Html Checker error", async () => {
  const admin = await localSignIn(server.url, "admin@example.com");
  const email = `html-${Date.now()}@example.com`;
  const client = await localSignIn(server.url, email);
  const id = await personIdOf(server.url, admin, email);
  // Converted, the new client is asked for the intake questionnaire; a published version asks for the agreement.
  await post("/admin/clients", admin, { id });
  const saved = await post("/admin/agreement.data", admin, {
    intent: "save-agreement",
    body: "# Coaching terms\n\nCancel **24 hours** ahead.\n\n- Refunds within 14 days\n- [Privacy](https://example.com/privacy)",
    requiresAcceptance: "on",
  });
  const version = /Version (\d+) saved/.exec(saved)?.[1] ?? "";
  expect(version).toMatch(/^\d+$/);

  const pages: Record<string, string> = {};
  pages["admin-intake"] = await html("/admin/intake", admin);
  pages["admin-client-waiting"] = await html(`/admin/clients/${id}`, admin);
  pages.dashboard = await html("/dashboard", client);
  expect(pages.dashboard).toContain("Before your first session");
  pages.intake = await html("/intake", client);
  const responseId = /name="responseId" value="([0-9a-f-]{36})"/.exec(pages.intake)?.[1] ?? "";
  expect(responseId).not.toBe("");
  pages.agreement = await html("/agreement", client);
  expect(pages.agreement).toContain("I have read and accept this agreement");

  await post("/intake", client, { intent: "submit", responseId, ...INTAKE_ANSWERS });
  await post("/agreement", client, { intent: "accept", version, fullName: "Html Checker", accept: "on" });
  pages["admin-client-answered"] = await html(`/admin/clients/${id}`, admin);
  expect(pages["admin-client-answered"]).toContain(INTAKE_ANSWERS["q.worry"]);
  pages["admin-agreement"] = await html("/admin/agreement", admin);
  expect(pages["admin-agreement"]).toContain("Html Checker");
  pages["intake-sent"] = await html("/intake", client);
  pages["agreement-accepted"] = await html("/agreement", client);
  // React marks where its text pieces meet.
  expect(pages["agreement-accepted"]?.replaceAll("<!-- -->", "")).toContain(
    `You accepted version ${version}`,
  );

  expect(await nuCheckerErrors(pages)).toEqual([]);
});
