import { data, Form, Link, redirect, useNavigation } from "react-router";
import { OrderList } from "~/components/payments/order-list";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { offerTitle } from "~/domain/orders";
import { localPaymentForm } from "~/lib/schemas/checkout";
import { seo } from "~/lib/seo";
import { readForm } from "~/server/action-result.server";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { getConfig } from "~/server/env.server";
import { ownOrders } from "~/server/models/orders.server";
import { modeFor } from "~/server/models/portal-view.server";
import { billingPortalUrl, NO_CARD_ON_FILE } from "~/server/payments/checkout.server";
import {
  LOCAL_CHECKOUT_CLOSED,
  localChargeDue,
  localCheckoutOpen,
  payNextLocally,
} from "~/server/payments/local-checkout.server";
import { type Handler, PORTAL_PAGE, portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/billing";

export const INTENTS = ["manage-card", "pay-next"] as const;

export const access = routeAccess({
  loader: PORTAL_PAGE,
  action: {
    intents: {
      "manage-card": portal("portal.read-own"),
      "pay-next": portal("checkout.start"),
    } satisfies Record<(typeof INTENTS)[number], Handler>,
    default: "manage-card",
  },
});

// A lead sees the demo frame with nothing bought (docs/decisions/0027-payments.md).

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const mode = modeFor(viewer, request, false);
  if (mode.kind === "demo") return { mode, orders: [], stripe: false, testCharges: [] };
  const orders = await ownOrders(await getDb(), permitFor(context, "portal.read-own"));
  const testCharges = localCheckoutOpen(context)
    ? orders
        .filter(localChargeDue)
        .map((o) => ({ id: o.id, offer: o.offer, instalment: o.instalments ? o.paidInstalments + 1 : null }))
    : [];
  return { mode, orders, stripe: getConfig().payments.mode === "stripe", testCharges };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = INTENTS.find((known) => known === form.get("intent")) ?? "manage-card";
  if (intent === "pay-next") {
    if (!localCheckoutOpen(context)) throw data({ error: LOCAL_CHECKOUT_CLOSED }, { status: 404 });
    const parsed = localPaymentForm.parse(form);
    if (!parsed.ok) return { ok: false as const, error: parsed.error };
    await payNextLocally(await getDb(), permitFor(context, "checkout.start"), parsed.data.order);
    return redirect("/billing");
  }
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
  const { mode, orders, stripe, testCharges } = loaderData;
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
      {testCharges.length > 0 ? (
        <section
          aria-label="Test payments"
          className="mt-6 rounded-xl border border-border bg-muted p-4 text-sm"
        >
          <p>Local test mode: no card, no money. Each button makes the next charge Stripe would make.</p>
          {testCharges.map((charge) => (
            <Form method="post" key={charge.id} className="mt-3">
              <input type="hidden" name="intent" value="pay-next" />
              <input type="hidden" name="order" value={charge.id} />
              <button
                type="submit"
                disabled={busy}
                className="rounded-md border border-border bg-background px-4 py-2 font-medium hover:bg-muted disabled:opacity-60"
              >
                {charge.instalment
                  ? `Pay instalment ${charge.instalment} of ${offerTitle(charge.offer)} (test)`
                  : `Pay next month of ${offerTitle(charge.offer)} (test)`}
              </button>
            </Form>
          ))}
        </section>
      ) : null}
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
