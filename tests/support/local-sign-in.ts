import http from "node:http";
import { expect } from "vitest";
import { asResponse } from "./node-response";

type Options = {
  redirectTo?: string;
  headers?: Record<string, string>;
  /** Another loopback address (127.0.0.2…): another client, as the server sees it. */
  localAddress?: string;
};

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

/** fetch cannot choose its local address. */
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

export const cookieFrom = (response: Response) =>
  (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

export async function localSignIn(baseUrl: string, email: string, options: Options = {}): Promise<string> {
  const response = await postLocalSignIn(baseUrl, email, options);
  await response.arrayBuffer();
  expect(response.status, `sign-in of ${email}`).toBe(302);
  const cookie = cookieFrom(response);
  expect(cookie).toMatch(/^session=/);
  return cookie;
}
