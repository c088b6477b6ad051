// A local OpenID Connect provider (oauth2-mock-server). Who is signed in at the provider is a cookie on its
// own origin, as at Google. Standalone: node tests/support/oidc-provider.ts --port 9400
import type { IncomingMessage } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

export type MockIdentity = { sub: string; email: string; name?: string; email_verified?: boolean };

export const MOCK_IDENTITY_COOKIE = "mock_identity";
export const MOCK_CLIENT_ID = "coaching-site";
export const MOCK_CLIENT_SECRET = "mock-client-secret";

const DEFAULT_IDENTITY: MockIdentity = {
  sub: "mock-visitor",
  email: "visitor@example.com",
  name: "Visitor Example",
  email_verified: true,
};

export function encodeIdentity(identity: MockIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString("base64url");
}

/** Playwright's addCookies shape. */
export function mockIdentityCookie(issuer: string, identity: MockIdentity) {
  return { name: MOCK_IDENTITY_COOKIE, value: encodeIdentity(identity), url: issuer };
}

function identityFrom(req: IncomingMessage): MockIdentity {
  const raw = req.headers.cookie
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${MOCK_IDENTITY_COOKIE}=`))
    ?.slice(MOCK_IDENTITY_COOKIE.length + 1);
  if (!raw) return DEFAULT_IDENTITY;
  try {
    return {
      ...DEFAULT_IDENTITY,
      ...(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as MockIdentity),
    };
  } catch {
    return DEFAULT_IDENTITY;
  }
}

export async function startOidcProvider(options: { port?: number; host?: string } = {}) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const identities = new Map<string, MockIdentity>();

  server.service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get("code");
    if (code) identities.set(code, identityFrom(req));
  });
  server.service.on(
    "beforeTokenSigning",
    (
      token: { payload: Record<string, unknown> },
      req: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const code = typeof req.body?.code === "string" ? req.body.code : undefined;
      // Called for the access token and again for the id token: the entry stays (codes are unique).
      const identity = (code && identities.get(code)) || DEFAULT_IDENTITY;
      Object.assign(token.payload, {
        sub: identity.sub,
        email: identity.email,
        email_verified: identity.email_verified ?? true,
        name: identity.name,
      });
    },
  );

  await server.start(options.port ?? 0, options.host ?? "127.0.0.1");
  const issuer = server.issuer.url;
  if (!issuer) throw new Error("the mock OpenID provider has no issuer URL");
  return { issuer, stop: () => server.stop() };
}

if (import.meta.main) {
  const portArg = process.argv.indexOf("--port");
  const port = portArg > -1 ? Number(process.argv[portArg + 1]) : 9400;
  const { issuer } = await startOidcProvider({ port });
  console.log(`mock OpenID provider at ${issuer}`);
}
