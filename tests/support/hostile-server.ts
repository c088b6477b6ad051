import fc from "fast-check";
import { chromium } from "playwright-core";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import {
  certainRuns,
  type Fields,
  mangle,
  nextToken,
  type Part,
  required,
  runs,
  TOKEN,
  type Transport,
} from "./hostile-values";
import { localSignIn } from "./local-sign-in";
import { personIdOf } from "./people-list";
import { serversForFile } from "./server-file";
import { type RunningServer, serverErrors, startServer } from "./server-process";

// The hostile-input harness: every action and field with random and hostile input (hostile-values.ts),
// sent as the browser sends it (docs/SECURITY.md, "Input: limits on every field, hostile input").
// Properties: never a 5xx; a refusal has an expected status and a message; a stored value renders inert
// on every page showing it, and runs nothing in Chromium.
// HOSTILE_RUNS sets the runs per property (default 30); HOSTILE_VERBOSE=1 prints how many runs stored
// something. A failure prints the seed and run (not shrunk: the server keeps state); replay with `seed` and `path`.

export const RUNS = Number(process.env.HOSTILE_RUNS ?? 30);
export const OPTIONS = { numRuns: RUNS, endOnFailure: true } as const;

let server: RunningServer;
/** The running server's address (once setUpHostileServer's beforeAll has run). */
export const serverUrl = () => server.url;
export type Who = "admin" | "client" | "deleter";
export const cookies: Record<Who, string> = { admin: "", client: "", deleter: "" };
export const ids = { maya: "", sofia: "", daniel: "", roleTarget: "", deleter: "", lesson: "" };

/** Keeps a lone surrogate as its (invalid) UTF-8 bytes instead of failing. */
export function encode(value: string): string {
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(char);
  }
  return out;
}

type Answer = { status: number; value: unknown; text: string; location: string | null };

export async function post(path: string, who: Who | null, fields: Fields, how: Transport): Promise<Answer> {
  let body: string | FormData;
  const headers: Record<string, string> = { origin: server.url };
  if (how.multipart) {
    body = new FormData();
    for (const [name, value] of fields) body.append(name, value);
  } else {
    body = fields.map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&");
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  if (who) headers.cookie = cookies[who];
  const response = await fetch(`${server.url}${how.document ? path : `${path}.data`}`, {
    method: "POST",
    redirect: "manual",
    headers,
    body,
    signal: AbortSignal.timeout(60_000),
  });
  return readAnswer(response, how.document);
}

export async function readAnswer(response: Response, document: boolean): Promise<Answer> {
  const location = response.headers.get("location");
  const type = response.headers.get("content-type") ?? "";
  if (document || !/^text\/x-script/.test(type)) {
    const text = await response.text();
    // A refusal before the app (same-site rule, rate limit, declared body too big) is JSON.
    const value = /^application\/json/.test(type) ? { data: JSON.parse(text) } : undefined;
    return { status: response.status, value, text, location };
  }
  const { value, done } = await decodeViaTurboStream(response.body as ReadableStream<Uint8Array>, globalThis);
  await done;
  return { status: response.status, value, text: "", location };
}

export function answerOf(sent: Answer): {
  data?: Record<string, unknown>;
  message?: unknown;
  redirect?: string;
} {
  const value = sent.value as
    | { data?: Record<string, unknown>; error?: { data?: { error?: unknown } }; redirect?: string }
    | undefined;
  return {
    data: value?.data,
    message: value?.data?.error ?? value?.error?.data?.error,
    redirect: value?.redirect ?? sent.location ?? undefined,
  };
}

const REFUSALS = [400, 404, 409, 413];

/** Returns whether the action succeeded. */
export function judge(sent: Answer, how: Transport, refusals = REFUSALS): boolean {
  expect(sent.status, `a 5xx: ${sent.text.slice(0, 300)}`).toBeLessThan(500);
  const answer = answerOf(sent);
  if (answer.redirect !== undefined) {
    expect(answer.redirect, "a redirect stays on this site").toMatch(/^\/(?![/\\])/);
  }
  if (sent.status >= 400) {
    expect(refusals).toContain(sent.status);
    if (!how.document) {
      expect(typeof answer.message, JSON.stringify(sent.value)).toBe("string");
      expect(String(answer.message).trim()).not.toBe("");
    }
    return false;
  }
  return answer.data?.ok !== false;
}

async function page(path: string, who: Who): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { cookie: cookies[who] },
    signal: AbortSignal.timeout(60_000),
  });
  expect(response.status, `GET ${path} as ${who}`).toBe(200);
  return response.text();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeEntities = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "data",
  "srcset",
]);
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** React and React Router's inline data escape these, so none can appear as is in a page that rendered the value inert. */
function markupStretches(values: string[], token: string): string[] {
  const stretches = new Set<string>();
  for (const value of values) {
    for (let end = value.indexOf(token); end !== -1; end = value.indexOf(token, end + 1)) {
      for (let start = Math.max(0, end - 120); start < end; start++) {
        const char = value[start];
        const stretch = value.slice(start, end + token.length);
        if (char === "<" || (char === '"' && /["<]/.test(stretch.slice(1))))
          stretches.add(stretch.toLowerCase());
      }
    }
  }
  return [...stretches];
}

function expectInert(html: string, where: string, token: string, sent: string[]) {
  const lower = html.toLowerCase();
  for (const stretch of markupStretches(sent, token)) {
    expect(lower.includes(stretch), `${where}: markup from the input came out unescaped: ${stretch}`).toBe(
      false,
    );
  }
  // Script text is data: only tags outside scripts are checked.
  const outsideScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "<script></script>");
  for (const [tag, name = "", attributes = ""] of outsideScripts.matchAll(/<([a-zA-Z][\w:-]*)([^<>]*)>/g)) {
    expect(name.includes(token), `${where}: a tag named from the input: ${tag.slice(0, 200)}`).toBe(false);
    for (const [, attribute = "", doubleQuoted, singleQuoted, bare] of attributes.matchAll(
      /([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
    )) {
      const value = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "");
      expect(attribute.includes(token), `${where}: an attribute named from the input in ${tag}`).toBe(false);
      if (!value.includes(token)) continue;
      expect(/^on/i.test(attribute), `${where}: an event handler carries the input: ${tag}`).toBe(false);
      if (URL_ATTRIBUTES.has(attribute.toLowerCase())) {
        const protocol = new URL(value, `${server.url}/`).protocol;
        expect(SAFE_PROTOCOLS.has(protocol), `${where}: ${attribute}="${value}" (${protocol})`).toBe(true);
      }
    }
  }
}

const shownPages = new Map<string, { path: string; who: Who }>();

export async function expectShownInert(
  pages: { path: string; who: Who; shows?: boolean }[],
  token: string,
  fields: Fields,
  shownFields: string[],
) {
  const sent = fields.map(([, value]) => value);
  // Else we'd check nothing.
  const expectToken = fields.some(([name, value]) => shownFields.includes(name) && value.includes(token));
  let found = false;
  for (const { path, who } of pages) {
    // The lesson pages and the list's searches look alike: one of each kind suffices.
    const kind = path.replace(/\?.*$/, "").replace(/^\/admin\/lessons\/.*/, "/admin/lessons/:id");
    shownPages.set(`${who} ${kind}`, { path, who });
    const html = await page(path, who);
    expectInert(html, `${who} ${path}`, token, sent);
    found ||= html.includes(token);
  }
  if (expectToken)
    expect(found, `the stored value (token ${token}) is shown on ${pages.map((p) => p.path)}`).toBe(true);
}

const idOf = (email: string) => personIdOf(server.url, cookies.admin, email);

export async function adminDoes(
  path: string,
  fields: Record<string, string>,
): Promise<Record<string, unknown>> {
  const sent = await post(path, "admin", Object.entries(fields), { document: false, multipart: false });
  const answer = answerOf(sent);
  expect(sent.status, `${path} ${JSON.stringify(fields)}: ${JSON.stringify(sent.value)}`).toBe(200);
  return (answer.data?.value ?? answer.data) as Record<string, unknown>;
}

export async function freshLead(): Promise<{ id: string; email: string }> {
  const email = `lead-${nextToken()}@example.com`;
  await localSignIn(server.url, email);
  return { id: await idOf(email), email };
}

/** The file's server (rate limits out of the way) and the people and lesson the cases need. */
export function setUpHostileServer() {
  serversForFile();
  beforeAll(async () => {
    server = await startServer({ env: { MUTATION_RATE_LIMIT: "100000", SIGN_IN_RATE_LIMIT: "100000" } });
    cookies.admin = await localSignIn(server.url, "admin@example.com");
    cookies.client = await localSignIn(server.url, "maya.chen@example.com");
    cookies.deleter = await localSignIn(server.url, "deleter@example.com");
    ids.maya = await idOf("maya.chen@example.com");
    ids.sofia = await idOf("sofia.alvarez@example.com");
    ids.daniel = await idOf("daniel.okafor@example.com");
    ids.deleter = await idOf("deleter@example.com");
    await localSignIn(server.url, "role-target@example.com");
    ids.roleTarget = await idOf("role-target@example.com");
    const lesson = await adminDoes("/admin/lessons/new", {
      intent: "save",
      clientId: ids.maya,
      title: "Lesson to edit",
    });
    ids.lesson = String(lesson.lessonId);
  }, 120_000);
}

/** Placeholders also upper-cased: `@EMAIL@`. */
export const fill = (fields: Fields, values: Record<string, string>) =>
  fields.map(([name, value]): [string, string] => {
    let [n, v] = [name, value];
    for (const [placeholder, replacement] of Object.entries(values)) {
      for (const [from, to] of [
        [placeholder, replacement],
        [placeholder.toUpperCase(), replacement.toUpperCase()],
      ] as const) {
        n = n.replaceAll(from, to);
        v = v.replaceAll(from, to);
      }
    }
    return [n, v];
  });

export type Case = {
  name: string;
  who: Who;
  fields: Part;
  prepare?: () => Promise<Record<string, string>>;
  path: (values: Record<string, string>) => string;
  shown?: (
    values: Record<string, string>,
    answer: ReturnType<typeof answerOf>,
  ) => { path: string; who: Who }[];
  shownFields?: string[];
  alwaysRefused?: boolean;
};

/** Where Maya's records show: her detail page as the admin sees it, and one of her own portal pages. */
export const shownToBoth = (portalPath: string) => () => [
  { path: `/admin/clients/${ids.maya}`, who: "admin" as const },
  { path: portalPath, who: "client" as const },
];

export const detail = (values: Record<string, string>) => `/admin/clients/${values["@client@"] ?? ids.maya}`;
export const intent = (name: string) =>
  required("intent", { storable: fc.constant(name), any: fc.constant(name) });

/** A test file of action cases: its server, one property per case, and the closing checks. */
export function hostileActionsFile(cases: Case[]) {
  setUpHostileServer();
  describeActions(cases);
  describeInBrowser();
}

/** One property per case: a 400 with a message, or the value stored and shown inert. */
function describeActions(cases: Case[]) {
  describe("every action, random and hostile fields: a 400 with a message, or stored and shown inert", () => {
    for (const c of cases) {
      test(c.name, async () => {
        const outcomes = { stored: 0, refused: 0 };
        await fc.assert(
          fc.asyncProperty(runs(c.fields), async ({ storable, template, how, sendAs }) => {
            const token = nextToken();
            const values = { [TOKEN]: token, ...(await c.prepare?.()) };
            const fields = fill(mangle(template, how), values);
            const sent = await post(c.path(values), c.who, fields, sendAs);
            const stored = judge(sent, sendAs);
            outcomes[stored ? "stored" : "refused"]++;
            if (storable && c.shown)
              expect(stored, `refused: ${JSON.stringify(sent.value ?? sent.status)}`).toBe(true);
            if (stored && c.shown) {
              await expectShownInert(c.shown(values, answerOf(sent)), token, fields, c.shownFields ?? []);
            }
          }),
          { ...OPTIONS, examples: certainRuns(c.fields) },
        );
        if (process.env.HOSTILE_VERBOSE) console.log(c.name, outcomes);
        expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThan(0);
        if (!c.alwaysRefused) expect(outcomes.stored, JSON.stringify(outcomes)).toBeGreaterThan(0);
      });
    }
  });
}

/**
 * The file's closing checks: Chromium opens one of each kind of page that showed a stored value, with
 * JavaScript on, and nothing the input carried runs; and the server answered no request with a 5xx.
 */
export function describeInBrowser() {
  describe("in a real browser", () => {
    test("the pages holding every stored value run none of it and link nowhere unsafe", async () => {
      expect(shownPages.size, "the properties above stored values and checked pages").toBeGreaterThan(0);
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      try {
        for (const { path, who } of shownPages.values()) {
          const context = await browser.newContext({ baseURL: server.url });
          await context.addCookies([
            { name: "session", value: cookies[who].replace(/^session=/, ""), url: server.url },
          ]);
          const tab = await context.newPage();
          const ran: string[] = [];
          await tab.exposeFunction("__pwned", (what: unknown) => ran.push(String(what)));
          await tab.addInitScript(() => {
            const report = (what: unknown) =>
              (window as unknown as { __pwned(x: unknown): void }).__pwned(what);
            window.alert = report;
            // An inline script or handler the policy blocked was still injected: report that too.
            document.addEventListener("securitypolicyviolation", (event) => {
              if (event.blockedURI === "inline" || event.sample.includes("__pwned")) {
                report(`blocked by the policy: ${event.violatedDirective} ${event.sample}`);
              }
            });
            window.confirm = (what?: string) => {
              report(what);
              return false;
            };
          });
          tab.on("dialog", (dialog) => {
            ran.push(`dialog: ${dialog.message()}`);
            void dialog.dismiss();
          });
          const response = await tab.goto(path, { waitUntil: "load" });
          expect(response?.status(), `${who} ${path}`).toBe(200);
          // Portal and admin pages are read as HTML until a person acts (app/enhancers/wake.ts): the
          // stored values are checked as read, then again once React has rendered them.
          const unsafeElements = () =>
            tab.evaluate(() => {
              const found: string[] = [];
              for (const element of document.querySelectorAll("*")) {
                for (const attribute of element.getAttributeNames()) {
                  if (/^on/i.test(attribute)) found.push(`${element.tagName} ${attribute}`);
                }
              }
              for (const script of document.querySelectorAll("script")) {
                if (
                  script.textContent?.includes("__pwned(") &&
                  !script.textContent.includes("__reactRouter")
                ) {
                  found.push(`script ${script.textContent.slice(0, 100)}`);
                }
              }
              for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
                if (!["http:", "https:", "mailto:"].includes(link.protocol))
                  found.push(`a href ${link.href}`);
              }
              for (const frame of document.querySelectorAll<HTMLIFrameElement>("iframe, object, embed")) {
                const source = frame.getAttribute("src") ?? frame.getAttribute("data") ?? "";
                if (
                  frame.hasAttribute("srcdoc") ||
                  !/^https?:/i.test(new URL(source, location.href).protocol)
                ) {
                  found.push(frame.outerHTML.slice(0, 200));
                }
              }
              return found;
            });
          const asRead = await unsafeElements();
          if (await tab.evaluate(() => document.documentElement.dataset.wake === "asleep")) {
            await tab.keyboard.press("Shift");
          }
          // Give any injected handler (onerror, onload, onfocus) time to run.
          const hydrated = await tab
            .waitForFunction(() => "__reactRouterDataRouter" in window, undefined, { timeout: 15_000 })
            .then(
              () => true,
              () => false,
            );
          await tab.waitForTimeout(300);
          const unsafe = [...asRead, ...(await unsafeElements())];
          expect(ran, `${who} ${path}: script from the input ran (or was blocked by the policy)`).toEqual([]);
          expect(unsafe, `${who} ${path}`).toEqual([]);
          expect(hydrated, `${who} ${path}: the page hydrated`).toBe(true);
          await context.close();
        }
      } finally {
        await browser.close();
      }
    }, 180_000);

    testNoServerErrors();
  });
}

export function testNoServerErrors() {
  test("no request above was answered with a 5xx", () => {
    expect(serverErrors(server)).toEqual([]);
  });
}
