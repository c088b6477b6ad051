import { renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext, loadContextWithNonce, NonceProvider } from "./lib/csp-nonce";
import { type DocumentNotes, DocumentNotesProvider } from "./lib/document-notes";
import { ASLEEP_SCRIPT_TYPE } from "./lib/hydrate-on-intent";
import { scriptString } from "./lib/json-text";
import {
  handOverLoaderData,
  putHydrationToSleep,
  renderedScripts,
  takeLoaderData,
} from "./lib/react-router-internals";
import { readStartContext, viewerContext } from "./server/auth/context.server";
import { isUnproxiedLocal, unproxiedLocalContext } from "./server/developer.server";
import { clientAddressContext } from "./server/rate-limit.server";

// No loader returns a promise: renderDocument reads the data whole before rendering.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // None while pre-rendering: those pages use hashes.
  const nonce = loadContext.get(cspNonceContext) ?? undefined;

  // Written into the document only, so `.data` answers stay the same (docs/decisions/0037-live-catch-up.md).
  const viewer = loadContext.get(viewerContext);
  const liveSince = viewer && viewer !== "unavailable" ? loadContext.get(readStartContext) : null;

  return renderDocument(request.url, responseStatusCode, responseHeaders, routerContext, nonce, liveSince);
}

/**
 * In one synchronous pass, with the loader data written whole as one script instead of through a
 * Suspense boundary per chunk (docs/decisions/0034-one-pass-render.md).
 */
async function renderDocument(
  url: string,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  nonce: string | undefined,
  liveSince: number | null,
): Promise<Response> {
  const loaderData = await takeLoaderData(routerContext);
  const notes: DocumentNotes = { hydrateOnIntent: false };
  const rendered = renderToString(
    <DocumentNotesProvider value={notes}>
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={url} nonce={nonce} />
      </NonceProvider>
    </DocumentNotesProvider>,
  );
  // Only a page that renders <Scripts> hydrates and so needs its data.
  const scripts = renderedScripts(routerContext);
  const html =
    scripts && notes.hydrateOnIntent ? putHydrationToSleep(rendered, ASLEEP_SCRIPT_TYPE) : rendered;
  const hydration =
    loaderData !== null && scripts
      ? `<script${nonce ? ` nonce="${nonce}"` : ""}>${liveSince === null ? "" : `${LIVE_SINCE}=${liveSince};`}${handOverLoaderData(scriptString(loaderData))}</script>`
      : "";
  const document = html.endsWith(END)
    ? `${html.slice(0, -END.length)}${hydration}${END}`
    : `${html}${hydration}`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html.startsWith("<html") ? `<!DOCTYPE html>${document}` : document, {
    headers,
    status,
  });
}

const END = "</body></html>";
const LIVE_SINCE = "window.__liveSince";

export function requestLoadContext(
  nonce: string,
  connection: { clientAddress: string | undefined; peer: string | undefined; headerNames: Iterable<string> },
): RouterContextProvider {
  const context = loadContextWithNonce(nonce);
  context.set(clientAddressContext, connection.clientAddress ?? null);
  context.set(unproxiedLocalContext, isUnproxiedLocal(connection.peer, connection.headerNames));
  return context;
}

// What express-shell/main.ts needs from the bundled app besides rendering.
export { FORM_LIMITS, FORM_MESSAGES } from "./server/action-result.server";
export { BackupError } from "./server/backup.server";
export { backup, restore } from "./server/backup-command.server";
export { calWebhook } from "./server/bookings/cal-webhook.server";
export { cspSources } from "./server/csp.server";
export { ConfigError, getConfig, publicSiteProblem } from "./server/env.server";
export { uploadBodyCap, uploadPathPattern } from "./server/files/upload.server";
export { shutdown, startup, stopLiveUpdates } from "./server/lifecycle.server";
export { logger, startupPhase } from "./server/logger.server";
export { UNSUBSCRIBE_PATH } from "./server/mail/unsubscribe.server";
export { stripeWebhook } from "./server/payments/stripe-webhook.server";
export { TOO_MANY_CHANGES } from "./server/rate-limit.server";
export { pricingVariant, pricingVariantRequest, SHARED_PRICING_PATH } from "./server/shared-pricing.server";
export { WEBHOOK_BODY_LIMIT } from "./server/webhooks.server";
