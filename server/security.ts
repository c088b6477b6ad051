// Response headers and the same-site rule for state-changing requests (ARCHITECTURE: security model).
import type { RequestHandler } from "express";
import helmet from "helmet";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request must come from the site itself: a foreign `Sec-Fetch-Site` or `Origin`
 * is refused with 403 before any action runs, even with a valid session cookie (which SameSite=Lax
 * already keeps off most cross-site posts).
 */
export function sameSiteMutations(publicOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const foreignSite = site !== undefined && site !== "same-origin" && site !== "none";
    const foreignOrigin = origin !== undefined && origin !== publicOrigin && origin !== ownOrigin;
    if (foreignSite || foreignOrigin) {
      res.status(403).json({ error: "Cross-site requests are not allowed." });
      return;
    }
    next();
  };
}

/**
 * Helmet's headers (nosniff, a strict referrer policy, no framing, cross-origin isolation of this
 * site's windows) plus a Permissions-Policy. HSTS only when the public origin is https. The script
 * policy (CSP with nonces) is not set yet: pre-rendered pages need hashes for their inline scripts.
 */
export function securityHeaders(publicOrigin: string): RequestHandler[] {
  const https = publicOrigin.startsWith("https:");
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          // Scripts are not restricted yet (see above); these directives are safe everywhere now.
          "default-src": helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
          "frame-ancestors": ["'none'"],
          "base-uri": ["'self'"],
          "object-src": ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      next();
    },
  ];
}
