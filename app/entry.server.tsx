import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext, loadContextWithNonce, NonceProvider } from "./lib/csp-nonce";
import { clientAddressContext } from "./server/rate-limit.server";

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

  // No page defers data (every loader resolves before rendering), so nothing would stream after the
  // shell: the document is rendered whole and answered as one buffer, which spares a Node stream, a web
  // stream and a write per ~2 KB chunk on the way out (docs/decisions/0018-performance.md).
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
                callback();
              },
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors in the shell reject and are logged by React Router; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** The load context of one request (express-shell/main.ts): its CSP nonce and the client address Express saw. */
export function requestLoadContext(nonce: string, clientAddress: string | undefined): RouterContextProvider {
  const context = loadContextWithNonce(nonce);
  context.set(clientAddressContext, clientAddress ?? null);
  return context;
}

// What the process (express-shell/main.ts) needs from the bundled app, besides rendering.
// The limits express-shell/main.ts applies before the app, the same as the app's own.
export { FORM_LIMITS, FORM_MESSAGES } from "./server/action-result.server";
export { BackupError } from "./server/backup.server";
// `npm run backup` / `npm run restore` (scripts/backup.mjs, scripts/restore.mjs).
export { backup, restore } from "./server/backup-command.server";
// POST /webhooks/cal: Cal.com bookings, read from the raw body (docs/decisions/0028-bookings.md).
export { CAL_WEBHOOK_LIMIT, handleCalWebhook } from "./server/bookings/cal-webhook.server";
export { cspSources } from "./server/csp.server";
export { ConfigError, getConfig } from "./server/env.server";
export { shutdown, startup, stopLiveUpdates } from "./server/lifecycle.server";
export { logger } from "./server/logger.server";
export { UNSUBSCRIBE_PATH } from "./server/mail/unsubscribe.server";
export { stripeWebhook, WEBHOOK_BODY_LIMIT } from "./server/payments/endpoint.server";
export { TOO_MANY_CHANGES } from "./server/rate-limit.server";
