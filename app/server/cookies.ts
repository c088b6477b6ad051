import { parse } from "cookie-es";

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  return header ? (parse(header)[name] ?? null) : null;
}
