import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigate } from "react-router";
import { toast } from "sonner";
import { useAuth } from "~/components/auth-provider";
import { seo } from "~/lib/seo";
import { viewerContext } from "~/server/auth/context.server";
import { clearSessionCookie, endSession, revokeAllSessions } from "~/server/auth/session.server";
import { getDb } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/logout";

// SPEC §4: local sign-out first (this session ends and its cookie is cleared), then every other
// session of the person is revoked; a failure of that global step is ignored.
export async function action({ request, context }: Route.ActionArgs) {
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  const viewer = context.get(viewerContext);
  const headers = new Headers({ "Cache-Control": "no-store" });
  let error: string | null = null;
  try {
    headers.append("Set-Cookie", await endSession(await getDb(), request));
  } catch (caught) {
    headers.append("Set-Cookie", await clearSessionCookie());
    error = "We couldn't reach the server to end your session. Please try again.";
    logger.error({ err: (caught as Error).message }, "sign-out: local step failed");
  }
  if (!error && viewer && viewer !== "unavailable") {
    try {
      await revokeAllSessions(await getDb(), viewer.id);
    } catch (caught) {
      logger.warn({ err: (caught as Error).message }, "sign-out: global step failed (ignored)");
    }
  }
  if (wantsJson)
    return data(error ? { ok: false, error } : { ok: true }, { status: error ? 503 : 200, headers });
  return redirect("/", { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Signing out",
    description: "Signing you out.",
    path: "/logout",
    noindex: true,
  });
}

export default function Logout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut().then((result) => {
      if (result.ok) {
        toast.success("Signed out", { description: "You've been signed out successfully.", duration: 3000 });
      } else {
        toast.error("Sign out failed", { description: result.error });
      }
      navigate("/", { replace: true });
    });
  }, [signOut, navigate]);

  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold" aria-live="polite">
        Signing you out…
      </h1>
      <noscript>
        <Form method="post" className="mt-6">
          <button type="submit" className="rounded-md border border-border px-4 py-2">
            Finish signing out
          </button>
        </Form>
      </noscript>
    </section>
  );
}
