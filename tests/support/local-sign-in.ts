import http from "node:http";
import { expect } from "vitest";
import { asResponse } from "./node-response";

// Local sign-in against a running server (no OIDC client configured): the same session code as a
// real sign-in.

type Options = {
  redirectTo?: string;
  headers?: Record<string, string>;
  /** Another loopback address to connect from (127.0.0.2…): another client, as the server sees it. */
  localAddress?: string;
};

/** The sign-in form's POST, as sent; the answer is left for the caller to inspect. */
export async function postLocalSignIn(
  baseUrl: string,
  email: string,
  options: Options = {},
): Promise<Response> {
  const headers = { "content-type": "application/x-www-form-urlencoded", ...options.headers };
  const body = new URLSearchParams({
    intent: "local",
    email,
    redirectTo: options.redirectTo ?? "/dashboard",
  });
  if (!options.localAddress)
    return fetch(`${baseUrl}/login`, { method: "POST", redirect: "manual", headers, body });
  return requestFrom(options.localAddress, `${baseUrl}/login`, {
    method: "POST",
    headers,
    body: body.toString(),
  });
}

/** One HTTP request from a chosen local address (fetch cannot choose it); the answer as a Response. */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? "GET", headers: init.headers, localAddress },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve(asResponse(answer.statusCode ?? 0, answer.rawHeaders, Buffer.concat(chunks))),
        );
      },
    );
    request.on("error", reject);
    request.end(init.body);
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
