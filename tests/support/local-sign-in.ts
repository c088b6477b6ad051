import { expect } from "vitest";

// Local sign-in against a running server (no OIDC client configured): the same session code as a
// real sign-in.

type Options = { redirectTo?: string; headers?: Record<string, string> };

/** The sign-in form's POST, as sent; the answer is left for the caller to inspect. */
export function postLocalSignIn(baseUrl: string, email: string, options: Options = {}): Promise<Response> {
  return fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
    body: new URLSearchParams({ intent: "local", email, redirectTo: options.redirectTo ?? "/dashboard" }),
  });
}

/** The `name=value` pair of the first cookie an answer sets. */
export const cookieFrom = (response: Response) =>
  (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

/** Signs in and resolves to the `session=…` cookie pair to send back. */
export async function localSignIn(baseUrl: string, email: string, options: Options = {}): Promise<string> {
  const response = await postLocalSignIn(baseUrl, email, options);
  await response.arrayBuffer();
  expect(response.status, `sign-in of ${email}`).toBe(302);
  const cookie = cookieFrom(response);
  expect(cookie).toMatch(/^session=/);
  return cookie;
}
