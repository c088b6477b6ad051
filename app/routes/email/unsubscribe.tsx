import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { EMAIL_KIND_LABELS } from "~/domain/email";
import { privateMeta } from "~/lib/seo";
import { discardBody } from "~/server/action-result.server";
import { getDb } from "~/server/db.server";
import { verifyUnsubscribeToken } from "~/server/mail/unsubscribe.server";
import { applyUnsubscribe } from "~/server/models/emails.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/unsubscribe";

// The signature is the authority, not a session; a mail client's one-click POST carries no Origin and
// no cookie (docs/SECURITY.md "Unsubscribe links").
export const access = routeAccess({ loader: PUBLIC, action: PUBLIC });

const INVALID_LINK =
  "This unsubscribe link is not valid. Open the latest email's link, or sign in and choose on your account page.";

function what(scope: string): string {
  return scope === "all"
    ? "every email that can be turned off"
    : `emails about: ${EMAIL_KIND_LABELS[scope as keyof typeof EMAIL_KIND_LABELS].toLowerCase()}`;
}

export function loader({ params }: Route.LoaderArgs) {
  const target = verifyUnsubscribeToken(params.token);
  if (!target) throw new Response(INVALID_LINK, { status: 400, headers: { "Content-Type": "text/plain" } });
  return { what: what(target.scope) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await discardBody(request);
  const target = verifyUnsubscribeToken(params.token);
  if (!target) throw new Response(INVALID_LINK, { status: 400, headers: { "Content-Type": "text/plain" } });
  const done = await applyUnsubscribe(await getDb(), target);
  return {
    ok: true,
    message: done ? `You're unsubscribed from ${what(target.scope)}.` : "You're unsubscribed.",
  };
}

export const meta = privateMeta("Unsubscribe", "Stop emails from this site.");

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Unsubscribe</h1>
      {actionData?.ok ? (
        <p role="status" className="mt-4 rounded-md border border-border bg-muted px-3 py-2">
          {actionData.message} Receipts and account emails still come. You can change this on your account
          page.
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4">
          <p>Stop {loaderData.what}?</p>
          <Button type="submit" disabled={busy} className="justify-self-start">
            Unsubscribe
          </Button>
        </Form>
      )}
    </div>
  );
}
