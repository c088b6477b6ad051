import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { emailHtml } from "~/server/models/emails.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/email-html";

export const access = routeAccess({ loader: staff("emails.read") });

// The site's own rendering, but served sandboxed all the same: no scripts, no requests, no forms.
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^[0-9a-f-]{36}$/i.test(params.emailId)
    ? params.emailId
    : "00000000-0000-0000-0000-000000000000";
  const html = await emailHtml(await getDb(), permitFor(context, "emails.read"), id);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      "Cache-Control": "private, no-store",
    },
  });
}
