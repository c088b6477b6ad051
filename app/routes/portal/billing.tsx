import { Form, Link, redirect, useNavigation } from "react-router";
import { OrderList } from "~/components/payments/order-list";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { seo } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { getConfig } from "~/server/env.server";
import { ownOrders } from "~/server/models/orders.server";
import { modeFor } from "~/server/models/portal-view.server";
import { billingPortalUrl, NO_CARD_ON_FILE } from "~/server/payments/checkout.server";
import { PORTAL_PAGE, portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/billing";

// Who may load this page and open the billing portal: enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: PORTAL_PAGE, action: portal("portal.read-own") });

// Billing (issue #16): what the client bought, receipts, instalments paid and left, the next charge, a
// notice when a payment failed, and "Manage payment method" (Stripe's billing portal). A lead sees the
// demo frame with nothing bought.

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const mode = modeFor(viewer, request, false);
  if (mode.kind === "demo") return { mode, orders: [], stripe: false };
  const orders = await ownOrders(await getDb(), permitFor(context, "portal.read-own"));
  return { mode, orders, stripe: getConfig().payments.mode === "stripe" };
}

export async function action({ context }: Route.ActionArgs) {
  const permit = permitFor(context, "portal.read-own");
  const config = getConfig();
  const url = await billingPortalUrl(await getDb(), permit, config.payments, config.publicOrigin);
  if (url) return redirect(url);
  return { ok: false as const, error: NO_CARD_ON_FILE };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Billing",
    description: "What you bought and your payments.",
    path: "/billing",
    noindex: true,
  });
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, orders, stripe } = loaderData;
  const busy = useNavigation().state !== "idle";
  const pastDue = orders.some((o) => o.status === "past_due");
  return (
    <PortalPage title="Billing" mode={mode}>
      {pastDue ? (
        <div role="alert" className="mb-6 rounded-xl border border-destructive px-4 py-3 text-sm">
          <p className="font-semibold">A payment didn't go through.</p>
          <p className="mt-1">
            Your access stays while your coach looks into it. Update your card with "Manage payment method"
            below and the payment is tried again.
          </p>
        </div>
      ) : null}
      {orders.length === 0 ? (
        <EmptyState>
          Nothing bought yet.{" "}
          <Link to="/pricing" className="underline underline-offset-2">
            See plans and pricing
          </Link>
        </EmptyState>
      ) : (
        <OrderList orders={orders} />
      )}
      {mode.kind === "real" && stripe ? (
        <Form method="post" className="mt-6">
          <button
            type="submit"
            disabled={busy}
            className="rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-muted disabled:opacity-60"
          >
            Manage payment method
          </button>
        </Form>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {actionData.error}
        </p>
      ) : null}
    </PortalPage>
  );
}
