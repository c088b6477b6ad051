import { encodeIdentity, MOCK_IDENTITY_COOKIE, type MockIdentity } from "./oidc-provider";

// The real OpenID Connect flow by hand: `send` reaches the site (directly or through a proxy); the
// provider is reached directly.

export type SiteFetch = (path: string, init?: RequestInit) => Promise<Response>;

export const setCookiesOf = (response: Response) => response.headers.getSetCookie();

const cookiePairs = (response: Response) => setCookiesOf(response).map((line) => line.split(";")[0] ?? "");

export async function signInWithProvider(
  send: SiteFetch,
  identity: MockIdentity,
): Promise<{ setCookies: string[]; session: string }> {
  const start = await send("/login", {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "google", redirectTo: "/dashboard" }),
  });
  await start.arrayBuffer();
  const authorize = start.headers.get("location");
  if (start.status !== 302 || !authorize) throw new Error(`sign-in start answered ${start.status}`);
  const flowCookies = cookiePairs(start);

  const atProvider = await fetch(authorize, {
    redirect: "manual",
    headers: { cookie: `${MOCK_IDENTITY_COOKIE}=${encodeIdentity(identity)}` },
  });
  await atProvider.arrayBuffer();
  const back = atProvider.headers.get("location");
  if (!back) throw new Error(`the provider answered ${atProvider.status} without a redirect`);
  const callbackUrl = new URL(back);

  const callback = await send(`${callbackUrl.pathname}${callbackUrl.search}`, {
    redirect: "manual",
    headers: { cookie: flowCookies.join("; ") },
  });
  await callback.arrayBuffer();
  const setCookies = [...setCookiesOf(start), ...setCookiesOf(callback)];
  const session = cookiePairs(callback).find((pair) => /^(__Host-)?session=./.test(pair));
  if (callback.status !== 302 || !session)
    throw new Error(
      `the callback answered ${callback.status} without a session (${callback.headers.get("location")})`,
    );
  return { setCookies, session };
}
