import type { Plan, Role } from "./plans";

export type Viewer = {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
  plan: Plan | null;
};

// docs/product/screens.md, Site header: sign-out from these goes home first.
const PROTECTED_PREFIXES = [
  "/dashboard",
  "/lessons",
  "/homework",
  "/resources",
  "/files",
  "/plan",
  "/billing",
  "/checkout",
  "/admin",
  "/account",
];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Only a same-site absolute path: no scheme, host, `//evil.example` or backslash tricks. */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers normalise control characters and backslashes into surprising URLs
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const base = "http://same.invalid";
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    if (url.pathname === "/login" || url.pathname.startsWith("/auth/") || url.pathname === "/logout")
      return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
