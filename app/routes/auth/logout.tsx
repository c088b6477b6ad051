import { useEffect, useRef } from "react";
import { Form, redirect } from "react-router";
import { useAuth } from "~/components/auth-provider";
import { Button } from "~/components/ui/button";
import { toastOnNextPage } from "~/lib/next-page";
import { privateMeta } from "~/lib/seo";
import { discardBody } from "~/server/action-result.server";
import { viewerContext } from "~/server/auth/context.server";
import { signOutEverywhere } from "~/server/auth/session.server";
import { getDb } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/logout";

export const access = routeAccess({ loader: PUBLIC, action: PUBLIC });

export async function action({ request, context }: Route.ActionArgs) {
  await discardBody(request);
  const viewer = context.get(viewerContext);
  const userId = viewer && viewer !== "unavailable" ? viewer.id : null;
  const { headers } = await signOutEverywhere(getDb, request, userId, logger);
  return redirect("/", { headers });
}

export const meta = privateMeta("Signing out", "Signing you out.");

export default function Logout() {
  const { signOut } = useAuth();
  const started = useRef(false);

  // Home is HTML-first, a new document: it shows the toast this page leaves it.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut().then((result) => {
      toastOnNextPage(
        result.ok
          ? { type: "success", title: "Signed out", description: "You've been signed out successfully." }
          : { type: "error", title: "Sign out failed", description: result.error },
      );
      window.location.replace("/");
    });
  }, [signOut]);

  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold" aria-live="polite">
        Signing you out…
      </h1>
      <noscript>
        <Form method="post" className="mt-6">
          <Button type="submit" variant="outline" size="body" weight="normal">
            Finish signing out
          </Button>
        </Form>
      </noscript>
    </section>
  );
}
