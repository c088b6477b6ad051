import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  describeInBrowser,
  encode,
  expectShownInert,
  fill,
  judge,
  OPTIONS,
  post,
  RUNS,
  serverUrl,
  setUpHostileServer,
} from "../support/hostile-server";
import {
  certainRuns,
  form,
  hostileText,
  mangle,
  nextToken,
  optional,
  required,
  runs,
  storableText,
  TOKEN,
  text,
  type Value,
} from "../support/hostile-values";
import { localSignIn } from "../support/local-sign-in";

// Hostile input (tests/support/hostile-server.ts) to the local sign-in and to both sign-outs.

setUpHostileServer();

describe("sign-in and sign-out", () => {
  // Any return path is accepted as a field; only a same-site one is followed (judge checks every redirect).
  const redirectTo: Value = {
    storable: fc.oneof(
      fc.constantFrom(
        "/homework",
        "javascript:__pwned(1)",
        "//evil.example",
        "/\\evil.example",
        "https://evil.example/",
        "/%0d%0aSet-Cookie:x=1",
        "/\u0000x",
        "/login",
        `/${"a".repeat(3000)}`,
      ),
      storableText,
    ),
    any: text(100).any,
  };

  test("local sign-in (and an unknown intent: Google's flow): email, name and return path", async () => {
    const signIn = form(
      required("intent", { storable: fc.constant("local"), any: text(10).any }),
      required("email", {
        storable: fc.constantFrom("@@@example.com", "@@@Example.COM"),
        any: fc.oneof(fc.constant("@@@example.com"), fc.constant(" @@@example.com"), text(300).any),
      }),
      optional("name", text(120)),
      optional("redirectTo", redirectTo),
    );
    const outcomes = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(runs(signIn), async ({ storable, template, how, sendAs }) => {
        const token = nextToken();
        const fields = fill(mangle(template, how), { [TOKEN]: token });
        const sent = await post("/login", null, fields, sendAs);
        const signedIn =
          judge(sent, sendAs) && fields.some(([name, value]) => name === "intent" && value === "local");
        outcomes[signedIn ? "stored" : "refused"]++;
        if (storable) expect(signedIn, JSON.stringify(sent.value ?? sent.status)).toBe(true);
        if (signedIn) {
          await expectShownInert(
            [{ path: `/admin/clients?${new URLSearchParams({ q: token, filter: "all" })}`, who: "admin" }],
            token,
            fields,
            ["email"],
          );
        }
      }),
      { ...OPTIONS, examples: certainRuns(signIn) },
    );
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.stored).toBeGreaterThan(0);
  });

  test("sign-out (the page's form and the JSON endpoint) ignores what is posted; over 1 MB is a 413", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/logout", "/auth/sign-out"),
        fc.array(fc.tuple(hostileText, text(1000).any), { maxLength: 4 }),
        async (path, template) => {
          const token = nextToken();
          const cookie = await localSignIn(serverUrl(), `out-${token}@example.com`);
          const body = fill(template, { [TOKEN]: token })
            .map(([name, value]) => `${encode(name)}=${encode(value)}`)
            .join("&");
          const response = await fetch(`${serverUrl()}${path}`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie, origin: serverUrl(), "content-type": "application/x-www-form-urlencoded" },
            body,
          });
          const answer = await response.text();
          const tooLarge = new TextEncoder().encode(body).byteLength > 1_048_576;
          expect(response.status, answer.slice(0, 300)).toBe(tooLarge ? 413 : path === "/logout" ? 302 : 200);
          if (tooLarge) expect(answer).toContain("The form is too large (at most 1 MB).");
          const account = await fetch(`${serverUrl()}/account`, { headers: { cookie }, redirect: "manual" });
          await account.arrayBuffer();
          expect(account.status).toBe(tooLarge ? 200 : 302);
        },
      ),
      { ...OPTIONS, numRuns: Math.max(5, Math.round(RUNS / 2)) },
    );
  });
});

describeInBrowser();
