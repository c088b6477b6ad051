/**
 * What reading a request's headers needs: a web `Request`, or the Express shell's own request wrapped
 * without copying its headers (express-shell/shared-pricing.ts).
 */
export type RequestHeaders = { readonly headers: { get(name: string): string | null } };
