import { runInNewContext } from "node:vm";
import { renderToString } from "react-dom/server";
import {
  createRequestHandler,
  type EntryContext,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
  UNSAFE_decodeViaTurboStream,
  useLoaderData,
  useLocation,
} from "react-router";
import { describe, expect, test } from "vitest";
import { ASLEEP_SCRIPT_TYPE } from "./hydrate-on-intent";
import { scriptString } from "./json-text";
import {
  handOverLoaderData,
  putHydrationToSleep,
  renderedScripts,
  takeLoaderData,
} from "./react-router-internals";

// The contract with React Router's private markup and internals (app/lib/react-router-internals.ts),
// checked against what the installed react-router really renders: a two-route app served by its own
// request handler, its document rendered as app/entry.server.tsx renders one. An upgrade that changes
// any of it fails here. (The browser's router global is checked in tests/e2e/wake.spec.ts.)

const WORD = "loader-data-word-41";
const ENTRY = "/assets/entry.client-test.js";

function Root() {
  // A route without <Scripts> stands for the HTML-first pages (docs/decisions/0030-html-first-pages.md).
  const scripts = useLocation().pathname !== "/plain";
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        {scripts ? <Scripts /> : null}
      </body>
    </html>
  );
}

function Page() {
  return <p>{useLoaderData<{ word: string }>().word}</p>;
}

type Rendered = { html: string; loaderData: string | null; scripts: boolean };

/** What the entry saw and did for the last request. */
let last: Rendered | undefined;

async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const loaderData = await takeLoaderData(context);
  const html = renderToString(<ServerRouter context={context} url={request.url} />);
  last = { html, loaderData, scripts: renderedScripts(context) };
  return new Response(html, { status, headers });
}

const routeAssets = (id: string, path: string, parentId?: string) => ({
  id,
  parentId,
  path,
  index: undefined,
  caseSensitive: undefined,
  hasAction: false,
  hasLoader: id !== "root",
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: true,
  hasErrorBoundary: false,
  module: `/assets/${id.replaceAll("/", "-")}.js`,
  imports: [`/assets/${id.replaceAll("/", "-")}-chunk.js`],
});

const build = {
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: "root", path: "", module: { default: Root } },
    "routes/page": {
      id: "routes/page",
      parentId: "root",
      path: "page",
      module: { default: Page, loader: () => ({ word: WORD }) },
    },
    "routes/plain": {
      id: "routes/plain",
      parentId: "root",
      path: "plain",
      module: { default: Page, loader: () => ({ word: WORD }) },
    },
  },
  assets: {
    entry: { module: ENTRY, imports: ["/assets/react-dom-test.js"], css: [] },
    routes: {
      root: routeAssets("root", ""),
      "routes/page": routeAssets("routes/page", "page", "root"),
      "routes/plain": routeAssets("routes/plain", "plain", "root"),
    },
    url: "/assets/manifest-test.js",
    version: "test",
  },
  basename: "/",
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

async function render(path: string): Promise<Rendered> {
  last = undefined;
  const response = await createRequestHandler(build, "production")(new Request(`http://site${path}`));
  expect(response.status, await response.clone().text()).toBe(200);
  if (!last) throw new Error("the entry did not render");
  return last;
}

/** The inline classic scripts of a document, in order (module scripts and typed ones excluded). */
const classicScripts = (html: string) =>
  [...html.matchAll(/<script(?: nonce="[^"]*")?>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");

describe("React Router's internals, as app/lib/react-router-internals.ts uses them", () => {
  test("the loader data is taken whole from the context, and the page then renders no stream of it", async () => {
    const { html, loaderData, scripts } = await render("/page");
    expect(scripts).toBe(true);
    expect(loaderData).toContain(WORD);
    // Once in the page's text: StreamTransfer would have written it again into a script.
    expect(html.split(WORD)).toHaveLength(2);
  });

  test("the statement written after <Scripts>' own script feeds React Router's stream with that data", async () => {
    const { html, loaderData } = await render("/page");
    const window: Record<string, unknown> = {};
    const scripts = [...classicScripts(html), handOverLoaderData(scriptString(loaderData ?? ""))];
    for (const script of scripts)
      runInNewContext(script, { window, ReadableStream, TextEncoderStream, console });
    const context = window.__reactRouterContext as { stream: ReadableStream<Uint8Array> } | undefined;
    expect(context?.stream, "<Scripts> sets up the stream the browser decodes").toBeInstanceOf(
      ReadableStream,
    );
    if (!context) return;
    const decoded = await UNSAFE_decodeViaTurboStream(context.stream, globalThis);
    const state = decoded.value as { loaderData: Record<string, unknown> };
    expect(state.loaderData["routes/page"]).toEqual({ word: WORD });
  });

  test("a page without <Scripts> is told apart", async () => {
    expect((await render("/plain")).scripts).toBe(false);
  });

  test("asleep, no module is preloaded or run, and the one script that loads React waits, typed", async () => {
    const { html } = await render("/page");
    expect(html).toContain('rel="modulepreload"');
    expect(html).toContain(`"${ENTRY}"`);
    const asleep = putHydrationToSleep(html, ASLEEP_SCRIPT_TYPE);
    expect(asleep).not.toContain("modulepreload");
    expect(asleep).not.toContain('type="module"');
    const waiting = [
      ...asleep.matchAll(new RegExp(`<script[^>]* type="${ASLEEP_SCRIPT_TYPE}">([\\s\\S]*?)</script>`, "g")),
    ];
    expect(waiting).toHaveLength(1);
    // What the wake enhancer will run: the route modules, then React Router's client entry.
    expect(waiting[0]?.[1]).toContain(`"${ENTRY}"`);
    for (const id of ["root", "routes-page"]) expect(waiting[0]?.[1]).toContain(`"/assets/${id}.js"`);
    // What the enhancer preloads at once when the page wakes: every module <Scripts> would have preloaded.
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]*)"/g)].map((m) => m[1]);
    expect(preloaded.length).toBeGreaterThan(0);
    const kept = new RegExp(`<script[^>]* data-preload="([^"]*)" type="${ASLEEP_SCRIPT_TYPE}">`).exec(asleep);
    expect(kept?.[1]?.split(" ")).toEqual(preloaded);
  });

  test("a page whose markup does not have React Router's module script is refused loudly", async () => {
    const { html } = await render("/plain");
    expect(() => putHydrationToSleep(html, ASLEEP_SCRIPT_TYPE)).toThrow(/route-module script was not found/);
  });
});
