import { parse } from "cookie-es";

/** Reads one cookie from a request; null when absent. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  return header ? (parse(header)[name] ?? null) : null;
}
