import type * as Oidc from "openid-client";
import { createCookie } from "react-router";
import { safeRedirect } from "~/domain/viewer";
import { getConfig, isLoopbackHost } from "../env.server";
import { resolveSessionSecret } from "../session-secret.server";
import type { Identity } from "./identity.server";
import { SignInError } from "./sign-in-errors.server";

// Authorization code flow with PKCE, state and nonce (openid-client); any issuer with discovery works.
// openid-client loads with the first sign-in, not at start (docs/decisions/0040-cold-start.md).
const openid = () => import("openid-client");

export const CALLBACK_PATH = "/auth/callback";
const TRANSACTION_TTL_S = 10 * 60;

let discovered: Promise<Oidc.Configuration> | undefined;

function clientConfiguration(): Promise<Oidc.Configuration> {
  const { oidc: settings } = getConfig();
  if (!settings) return Promise.reject(new SignInError("not_configured"));
  if (!discovered) {
    const issuer = new URL(settings.issuer);
    const insecure = issuer.protocol === "http:" && isLoopbackHost(issuer.hostname);
    const attempt = openid().then((oidc) =>
      oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      ),
    );
    discovered = attempt;
    // A provider that was unreachable is asked again next time.
    attempt.catch(() => {
      if (discovered === attempt) discovered = undefined;
    });
  }
  return discovered;
}

let transactionCookie: ReturnType<typeof createCookie> | undefined;

function transaction() {
  if (!transactionCookie) {
    const config = getConfig();
    transactionCookie = createCookie("oidc_tx", {
      secrets: [resolveSessionSecret(config)],
      httpOnly: true,
      // Lax: the cookie must come back on the provider's top-level redirect to the callback.
      sameSite: "lax",
      secure: config.publicOrigin.startsWith("https:"),
      path: CALLBACK_PATH,
      maxAge: TRANSACTION_TTL_S,
    });
  }
  return transactionCookie;
}

type Transaction = { state: string; nonce: string; verifier: string; returnTo: string };

export function redirectUri(): string {
  return `${getConfig().publicOrigin}${CALLBACK_PATH}`;
}

export async function beginSignIn(returnTo: unknown): Promise<{ url: string; setCookie: string }> {
  const configuration = await clientConfiguration().catch((error: unknown) => {
    if (error instanceof SignInError) throw error;
    throw new SignInError("provider_unreachable", error);
  });
  const oidc = await openid();
  const tx: Transaction = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    returnTo: safeRedirect(returnTo),
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(),
    scope: "openid email profile",
    response_type: "code",
    state: tx.state,
    nonce: tx.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(tx.verifier),
    code_challenge_method: "S256",
    prompt: "select_account",
  });
  return { url: url.href, setCookie: await transaction().serialize(tx) };
}

export async function completeSignIn(
  request: Request,
): Promise<{ identity: Identity; returnTo: string; clearCookie: string }> {
  const clearCookie = await transaction().serialize("", { maxAge: 0, expires: new Date(0) });
  const tx = (await transaction().parse(request.headers.get("cookie"))) as Transaction | null;
  if (
    !tx ||
    typeof tx.state !== "string" ||
    typeof tx.nonce !== "string" ||
    typeof tx.verifier !== "string"
  ) {
    throw new SignInError("expired");
  }
  const incoming = new URL(request.url);
  const providerError = incoming.searchParams.get("error");
  if (providerError) {
    throw new SignInError(providerError === "access_denied" ? "cancelled" : "provider_refused");
  }
  const configuration = await clientConfiguration();
  const oidc = await openid();
  // The URL the provider redirected to, as the public origin sees it (behind a proxy too).
  const currentUrl = new URL(`${incoming.pathname}${incoming.search}`, getConfig().publicOrigin);
  let claims: Oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: tx.verifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new SignInError("unverified", error);
  }
  if (!claims) throw new SignInError("unverified");
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!email || claims.email_verified !== true) {
    throw new SignInError("email_unverified");
  }
  return {
    identity: {
      provider: configuration.serverMetadata().issuer,
      subject: claims.sub,
      email,
      name: typeof claims.name === "string" ? claims.name : null,
    },
    returnTo: safeRedirect(tx.returnTo),
    clearCookie,
  };
}
