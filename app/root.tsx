import { useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ButtonAnchor } from "~/components/ui/button";
import { AfterHydration, HydratedMark } from "./components/after-hydration";
import { Analytics } from "./components/analytics";
import { AuthProvider } from "./components/auth-provider";
import { EnhancerScripts } from "./components/enhancer-scripts";
import { htmlFirstEnhancers } from "./components/html-first";
import { LightLinkNavigation } from "./components/light-link";
import { LiveUpdates } from "./components/live-updates";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { ThemeScript } from "./components/theme-script";
import { ToastHost } from "./components/toast";
import { PRERENDERED_PATHS } from "./content/prerender";
import { DEFAULT_THEME, parseTheme, THEME_COOKIE } from "./domain/theme";
import { useNonce } from "./lib/csp-nonce";
import { useDocumentNotes } from "./lib/document-notes";
import { errorCopy } from "./lib/error-copy";
import { hydratesOnIntent } from "./lib/hydrate-on-intent";
import { keepShownMiddleware } from "./lib/keep-shown-when-unreachable";
import { enforceAccess } from "./server/auth/access.server";
import { builtRoutes } from "./server/auth/built-routes.server";
import { loadViewer, viewerContext } from "./server/auth/context.server";
import { readCookie } from "./server/cookies";
import { getConfig } from "./server/env.server";
import { limitChangesPerPerson } from "./server/rate-limit.server";
import { routeAccess } from "./server/route-access";
import { assertValidSettings } from "./server/settings.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The one check of every route's declared access runs before any loader or action.
export const middleware: Route.MiddlewareFunction[] = [
  loadViewer,
  limitChangesPerPerson,
  enforceAccess(builtRoutes),
];

// In the browser: a live revalidation that gets no answer keeps the page on screen (the module says why).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepShownMiddleware];

export const access = routeAccess({ layout: "public" });

export function loader({ request, context }: Route.LoaderArgs) {
  // No database here beyond the session read (which needs a cookie), so pre-rendering never opens it.
  assertValidSettings();
  const theme = parseTheme(readCookie(request, THEME_COOKIE)) ?? DEFAULT_THEME;
  const viewer = context.get(viewerContext);
  return { theme, origin: getConfig().publicOrigin, viewer: viewer === "unavailable" ? null : viewer };
}

/** False on pre-rendered pages, whose data was made at build time for no one. */
function useRequestData(): boolean {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return !PRERENDERED_PATHS.includes(path);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const known = useRequestData();
  // Rendered once; afterwards the theme switch owns <html>'s class.
  const [theme] = useState(data?.theme ?? DEFAULT_THEME);
  const nonce = useNonce();
  // HTML-first pages are not hydrated (docs/decisions/0030-html-first-pages.md).
  const matches = useMatches();
  const enhancers = htmlFirstEnhancers(matches);
  // Portal and admin pages hydrate when a person acts (docs/decisions/0042-hydrate-on-intent.md).
  const onIntent = enhancers === null && hydratesOnIntent(matches);
  const notes = useDocumentNotes();
  if (onIntent) notes.hydrateOnIntent = true;
  return (
    <html lang="en" className={theme === "light" ? "" : "dark"} data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeScript nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <AuthProvider
          serverViewer={data?.viewer ?? null}
          serverData={data}
          known={known && data !== undefined}
        >
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
          >
            Skip to content
          </a>
          <SiteHeader htmlFirst={enhancers !== null} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          {enhancers ? null : (
            <AfterHydration>
              <ToastHost />
              <LightLinkNavigation />
              <LiveUpdates />
              <Analytics />
              <HydratedMark />
            </AfterHydration>
          )}
        </AuthProvider>
        {enhancers ? (
          <EnhancerScripts names={enhancers} nonce={nonce} />
        ) : (
          <>
            {onIntent ? <EnhancerScripts names={["wake"]} nonce={nonce} /> : null}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, message } = errorCopy(error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${title} · Next Offer Coaching`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      {/* On a phone the two links don't fit one row: stacked, full width, rather than each wrapped in two. */}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonAnchor href="/" size="body" weight="medium">
          Go to the home page
        </ButtonAnchor>
        <ButtonAnchor href="/pricing" variant="outline" size="body">
          See pricing
        </ButtonAnchor>
      </div>
    </section>
  );
}
