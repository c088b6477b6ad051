import { data, Form, Link, redirect } from "react-router";
import { htmlFirst, loadAsDocument } from "~/components/html-first";
import { LocalSignIn } from "~/components/local-sign-in";
import { Button } from "~/components/ui/button";
import { HeadedSection } from "~/components/ui/headed-section";
import { safeRedirect } from "~/domain/viewer";
import { noFields } from "~/lib/forms";
import { localSignInForm } from "~/lib/schemas/sign-in";
import { pageMeta } from "~/lib/seo";
import { profileForIdentity } from "~/server/auth/identity.server";
import { localIdentity } from "~/server/auth/local.server";
import { beginSignIn } from "~/server/auth/oidc.server";
import { createSession } from "~/server/auth/session.server";
import { SignInError, signInErrorMessage } from "~/server/auth/sign-in-errors.server";
import { localSignInOpen } from "~/server/developer.server";
import { getConfig } from "~/server/env.server";
import { intentAction, intentsOn } from "~/server/intents.server";
import { logger } from "~/server/logger.server";
import { unlessDatabaseIsDown } from "~/server/outage.server";
import { clientAddressContext, countSignIn, TOO_MANY_SIGN_INS } from "~/server/rate-limit.server";
import { refusal } from "~/server/refusal.server";
import { routeAccess } from "~/server/route-access";
import { SEED_PEOPLE } from "~/server/seed.server";
import type { Route } from "./+types/login";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  // docs/product/screens.md, Login: a signed-in visitor goes on (the guest guard).
  const config = getConfig();
  return {
    redirectTo: redirectTo ? safeRedirect(redirectTo) : null,
    error: signInErrorMessage(url.searchParams.get("error")),
    googleConfigured: config.oidc !== null,
    localPeople: localSignInOpen(context)
      ? SEED_PEOPLE.map((p) => ({ email: p.email, label: p.fullName ?? p.email, role: p.role, plan: p.plan }))
      : null,
  };
}

// Someone signed in is sent on from the page (the guest guard); signing in again is allowed (it
// replaces the session).
export const access = routeAccess({ loader: { access: "guest" } });

export const handle = htmlFirst();
export const clientLoader = loadAsDocument;

const signIn = intentsOn<{ redirectTo: string }>("public");

export const action = intentAction({
  intents: {
    // Local sign-in on your own machine, through the same profile and session code.
    local: signIn({
      form: localSignInForm,
      own: true,
      refused: ({ error, field }) => refusal({ error, field }, { status: 400 }),
      handler: async (input, { db, redirectTo, args: { request, context } }) => {
        if (!localSignInOpen(context))
          throw data("Local sign-in is off: this server uses Google sign-in.", { status: 404 });
        const cookie = await unlessDatabaseIsDown(async () => {
          const profile = await profileForIdentity(db, localIdentity(input), getConfig().adminEmails);
          return createSession(db, profile.id, request, context.get(clientAddressContext));
        });
        return redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
      },
    }),
    // The OpenID Connect flow: a plain form post, so it works without JavaScript.
    google: signIn({
      form: noFields,
      own: true,
      handler: async (_, { redirectTo }) => {
        const back = (reason: string) =>
          redirect(`/login?${new URLSearchParams({ redirectTo, error: reason })}`);
        if (!getConfig().oidc) return back("not_configured");
        try {
          const { url, setCookie } = await beginSignIn(redirectTo);
          return redirect(url, { headers: { "Set-Cookie": setCookie } });
        } catch (error) {
          logger.warn({ err: (error as Error).message }, "sign-in could not start");
          return back(error instanceof SignInError ? error.code : "provider_unreachable");
        }
      },
    }),
  },
  default: "google",
  // Every start counts, whichever intent, valid or not, and however the URL was spelled.
  before: async ({ context }) => {
    const limited = await countSignIn(context);
    if (limited)
      return data({ error: TOO_MANY_SIGN_INS, intent: "any" as const }, { status: 429, ...limited });
  },
  context: (_, form) => ({ redirectTo: safeRedirect(form.get("redirectTo")) }),
});

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export const meta = pageMeta({
  title: "Client Portal sign-in",
  description: "Sign in to your coaching portal, or explore a read-only demo of what clients see.",
  path: "/login",
});

const DEMOS = [
  { to: "/demo?plan=pro", label: "Pro dashboard", note: "Coaching sessions, mock interviews and reviews" },
  { to: "/demo?plan=basic", label: "Basic dashboard", note: "Reviews and one mock interview" },
  { to: "/demo?plan=premium", label: "Premium dashboard", note: "Everything, with 16 coaching sessions" },
  { to: "/demo/plan?plan=pro", label: "Pro plan page", note: "What a plan includes, grouped" },
];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, googleConfigured, localPeople } = loaderData;
  // A refusal of every sign-in (too many attempts) shows at the top; a local form's own error beside it.
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const error = answer?.intent === "any" ? answer.error : loaderData.error;
  const localRefusal = answer?.intent === "local" ? answer : undefined;
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 md:grid-cols-2 md:py-16">
      <section aria-labelledby="welcome" className="rounded-2xl border border-border bg-card p-6 sm:p-8">
        <h1 id="welcome" className="text-3xl font-bold tracking-tight">
          Welcome to your Client Portal
        </h1>
        <p className="mt-3 text-muted-foreground">
          Your plan, your sessions and mock interviews, lesson recordings, homework and resources, all in one
          place.{googleConfigured ? " Sign in with the Google account you used when you booked." : null}
        </p>
        {error && (
          <p
            role="alert"
            className="mt-4 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          >
            {error}
          </p>
        )}
        {/* Only what works here: Google once it is configured, else the local sign-in (the two never meet:
            app/server/developer.server.ts closes local sign-in when an OIDC client is set). */}
        {googleConfigured && (
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="google" />
            {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
            <Button type="submit" size="tall" className="w-full gap-3">
              <GoogleMark />
              Continue with Google
            </Button>
          </Form>
        )}
        {!googleConfigured && !localPeople && (
          <p className="mt-3 text-sm text-muted-foreground">Sign-in is not available on this server yet.</p>
        )}
        {localPeople && (
          <LocalSignIn
            people={localPeople}
            redirectTo={redirectTo}
            refusal={localRefusal ? { error: localRefusal.error, field: localRefusal.field } : null}
          />
        )}
      </section>

      <HeadedSection
        id="demo"
        title="Explore a read-only demo"
        className="rounded-2xl border border-border p-6 sm:p-8"
        titleClassName="text-2xl font-semibold"
      >
        <p className="mt-2 text-muted-foreground">
          Not a client yet? See exactly what the portal looks like on each plan, with sample data.
        </p>
        <ul className="mt-5 space-y-3">
          {DEMOS.map((demo) => (
            <li key={demo.to}>
              <Link
                to={demo.to}
                className="block rounded-lg border border-border px-4 py-3 hover:border-primary hover:bg-muted"
              >
                <span className="font-medium">{demo.label}</span>
                <span className="block text-sm text-muted-foreground">{demo.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </HeadedSection>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18">
      <circle cx="9" cy="9" r="9" fill="#fff" />
      <text
        x="9"
        y="13"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fill="#4f5bd5"
        fontFamily="sans-serif"
      >
        G
      </text>
    </svg>
  );
}
