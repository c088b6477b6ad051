// /pricing for visitors without a session: a few documents (currency known or not, theme, a developer's own
// browser), each rendered once per process by the app, then served from memory like a pre-rendered page:
// compressed once, with an ETag, its scripts allowed by hash (docs/decisions/0041-pricing-per-currency.md).
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { RouterContextProvider } from "react-router";
import { inlineScriptHashes, pagePath } from "./security.ts";
import { type MemoryFile, memoryFile, REVALIDATE } from "./static.ts";

type Entry = Pick<
  typeof import("../app/entry.server.tsx"),
  "pricingVariant" | "pricingVariantRequest" | "SHARED_PRICING_PATH" | "logger"
>;
type Variant = NonNullable<ReturnType<Entry["pricingVariant"]>>;

/** Null: this variant could not be kept (see `make`), so it is rendered per request. */
type Shared = { file: MemoryFile; policy: string; vary: string } | null;

export function sharedPricing(options: {
  entry: Entry;
  render: (request: globalThis.Request, context: RouterContextProvider) => Promise<globalThis.Response>;
  /** The Content-Security-Policy naming these inline scripts' hashes (security.ts scriptPolicies). */
  policy: (hashes: readonly string[]) => string;
  send: (req: Request, res: Response, next: NextFunction, file: MemoryFile) => void;
}): RequestHandler {
  const { entry, render, policy, send } = options;
  const ready = new Map<string, Shared>();
  const rendering = new Map<string, Promise<Shared>>();

  async function make(variant: Variant): Promise<Shared> {
    const { request, context } = entry.pricingVariantRequest(variant);
    const answer = await render(request, context);
    const html = await answer.text();
    // Only a page with nothing of anyone in it, whose scripts a hash allows, is the same for everyone.
    const type = answer.headers.get("content-type") ?? "";
    if (
      answer.status !== 200 ||
      answer.headers.has("set-cookie") ||
      !type.startsWith("text/html") ||
      /\snonce=/.test(html)
    ) {
      entry.logger.warn(
        { variant: variant.key, status: answer.status },
        "pricing variant rendered per request",
      );
      return null;
    }
    return {
      file: memoryFile("index.html", Buffer.from(html), answer.headers.get("cache-control") ?? REVALIDATE),
      policy: policy(inlineScriptHashes(html)),
      vary: answer.headers.get("vary") ?? "",
    };
  }

  function serve(req: Request, res: Response, next: NextFunction, shared: Shared) {
    if (!shared) return next();
    res.setHeader("Content-Security-Policy", shared.policy);
    if (shared.vary) res.vary(shared.vary);
    send(req, res, next, shared.file);
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (pagePath(req.path) !== entry.SHARED_PRICING_PATH) return next();
    // A referral or sponsor link's page shows its code's prices: rendered per request
    // (docs/decisions/0044-discount-codes.md).
    if (new URL(req.originalUrl, "http://shell").searchParams.has("ref")) return next();
    const variant = entry.pricingVariant(
      { headers: { get: (name) => req.get(name) ?? null } },
      { peer: req.socket.remoteAddress, headerNames: Object.keys(req.headers) },
    );
    if (!variant) return next();
    const kept = ready.get(variant.key);
    if (kept !== undefined) return serve(req, res, next, kept);

    let made = rendering.get(variant.key);
    if (!made) {
      // A failed render is not kept: a later visitor tries again.
      made = make(variant)
        .then((shared) => {
          ready.set(variant.key, shared);
          return shared;
        })
        .finally(() => rendering.delete(variant.key));
      rendering.set(variant.key, made);
    }
    made.then(
      (shared) => serve(req, res, next, shared),
      (error: Error) => {
        entry.logger.error({ variant: variant.key, err: error.message }, "pricing variant not rendered");
        next();
      },
    );
  };
}
