import type { Plan, Role } from "./plans";

/** The signed-in person as pages see them. */
export type Viewer = {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
  plan: Plan | null;
};

// Paths under which a signed-out person has nothing to see (SPEC §2: header sign-out goes home first).
const PROTECTED_PREFIXES = [
  "/dashboard",
  "/lessons",
  "/homework",
  "/resources",
  "/plan",
  "/billing",
  "/checkout",
  "/admin",
  "/account",
];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * The return path after sign-in: only a same-site absolute path is accepted (no scheme, no host,
 * no protocol-relative `//evil.example`, no backslash tricks), else the fallback.
 */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters and backslashes are normalised by browsers into surprising URLs.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
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
