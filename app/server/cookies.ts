import { parse } from "cookie-es";
import type { RequestHeaders } from "~/lib/request-headers";

export function readCookie(request: RequestHeaders, name: string): string | null {
  const header = request.headers.get("cookie");
  return header ? (parse(header)[name] ?? null) : null;
}
