import { renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext, loadContextWithNonce, NonceProvider } from "./lib/csp-nonce";
import { scriptString } from "./lib/json-text";
import { readStartContext, viewerContext } from "./server/auth/context.server";
import { isUnproxiedLocal, unproxiedLocalContext } from "./server/developer.server";
import { clientAddressContext } from "./server/rate-limit.server";

// How long React Router's encoding of the loader data waits for a promise in it before rejecting it (no
// loader returns one: renderDocument reads that data whole before rendering).
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
    // The headers a GET would have, without rendering the body.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // The CSP nonce express-shell/security.ts put in this response's header: on React's and React Router's
  // inline scripts and ours (root.tsx). None while pre-rendering: those pages use hashes.
  const nonce = loadContext.get(cspNonceContext) ?? undefined;

  // When a signed-in page's data began to be read: its live stream starts from there
  // (docs/decisions/0037-live-catch-up.md). Written into the document only, so `.data` answers stay the
  // same from one request to the next.
  const viewer = loadContext.get(viewerContext);
  const liveSince = viewer && viewer !== "unavailable" ? loadContext.get(readStartContext) : null;

  return renderDocument(request.url, responseStatusCode, responseHeaders, routerContext, nonce, liveSince);
}

/**
 * The page as one string, rendered in one synchronous pass. No page defers data: every loader has
 * resolved before this runs, so there is nothing to stream. React Router's `ServerRouter` would send its
 * loader data (for hydration) through a Suspense boundary per chunk, which makes React render in several
 * passes and write bytes chunk by chunk; instead the data is read whole first and written as one inline
 * script where that boundary would have put its scripts: at the end of the body, the same text for the
 * browser's `window.__reactRouterContext` stream (docs/decisions/0034-one-pass-render.md).
 */
async function renderDocument(
  url: string,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  nonce: string | undefined,
  liveSince: number | null,
): Promise<Response> {
  const stream = routerContext.serverHandoffStream;
  const loaderData = stream ? await new Response(stream).text() : null;
  routerContext.serverHandoffStream = undefined;
  const html = renderToString(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={url} nonce={nonce} />
    </NonceProvider>,
  );
  // Only a page that renders React Router's <Scripts> hydrates and so needs its data (as ServerRouter does).
  const hydration =
    loaderData !== null && routerContext.renderMeta?.didRenderScripts
      ? `<script${nonce ? ` nonce="${nonce}"` : ""}>${liveSince === null ? "" : `${LIVE_SINCE}=${liveSince};`}${HANDOFF}.enqueue(${scriptString(loaderData)});${HANDOFF}.close();</script>`
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
/** Read by app/components/live-updates.tsx. */
const LIVE_SINCE = "window.__liveSince";
/** Set up by <Scripts>: the browser-side stream React Router decodes the loader data from. */
const HANDOFF = "window.__reactRouterContext.streamController";

/**
 * The load context of one request (express-shell/main.ts): its CSP nonce, the client address Express saw
 * (through trusted proxies), and whether the connection is this machine's own, unproxied.
 */
export function requestLoadContext(
  nonce: string,
  connection: { clientAddress: string | undefined; peer: string | undefined; headerNames: Iterable<string> },
): RouterContextProvider {
  const context = loadContextWithNonce(nonce);
  context.set(clientAddressContext, connection.clientAddress ?? null);
  context.set(unproxiedLocalContext, isUnproxiedLocal(connection.peer, connection.headerNames));
  return context;
}

// What the process (express-shell/main.ts) needs from the bundled app, besides rendering.
// The limits express-shell/main.ts applies before the app, the same as the app's own.
export { FORM_LIMITS, FORM_MESSAGES } from "./server/action-result.server";
export { BackupError } from "./server/backup.server";
// `npm run backup` / `npm run restore` (scripts/backup.mjs, scripts/restore.mjs).
export { backup, restore } from "./server/backup-command.server";
// POST /webhooks/cal: Cal.com bookings, read from the raw body (docs/decisions/0028-bookings.md).
export { calWebhook } from "./server/bookings/cal-webhook.server";
export { cspSources } from "./server/csp.server";
export { ConfigError, getConfig, publicSiteProblem } from "./server/env.server";
export { shutdown, startup, stopLiveUpdates } from "./server/lifecycle.server";
export { logger } from "./server/logger.server";
export { UNSUBSCRIBE_PATH } from "./server/mail/unsubscribe.server";
// POST /webhooks/stripe: Stripe's events, read from the raw body (docs/decisions/0027-payments.md).
export { stripeWebhook } from "./server/payments/stripe-webhook.server";
export { TOO_MANY_CHANGES } from "./server/rate-limit.server";
export { WEBHOOK_BODY_LIMIT } from "./server/webhooks.server";
