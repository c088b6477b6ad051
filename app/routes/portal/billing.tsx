import { data, Form, Link, redirect, useNavigation } from "react-router";
import { OrderList } from "~/components/payments/order-list";
import { ReferralCard } from "~/components/payments/referral-card";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { Button } from "~/components/ui/button";
import { offerTitle } from "~/domain/orders";
import { noFields } from "~/lib/forms";
import { localPaymentForm, rewardChoiceForm } from "~/lib/schemas/checkout";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { getConfig } from "~/server/env.server";
import { actionOf } from "~/server/intents.server";
import { chooseReward } from "~/server/models/codes.server";
import { ownOrders } from "~/server/models/orders.server";
import { modeFor } from "~/server/models/portal-view.server";
import { ownReferrals } from "~/server/models/referrals.server";
import { billingPortalUrl, NO_CARD_ON_FILE } from "~/server/payments/checkout.server";
import {
  LOCAL_CHECKOUT_CLOSED,
  localChargeDue,
  localCheckoutOpen,
  payNextLocally,
} from "~/server/payments/local-checkout.server";
import { PORTAL_PAGE, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/billing";

export const access = routeAccess({ loader: PORTAL_PAGE });

// A lead sees the demo frame with nothing bought (docs/decisions/0027-payments.md).

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const mode = modeFor(viewer, request, false);
  if (mode.kind === "demo") return { mode, orders: [], stripe: false, testCharges: [], referral: null };
  const db = await getDb();
  const [orders, referrals] = await Promise.all([
    ownOrders(db, permitFor(context, "portal.read-own")),
    ownReferrals(db, permitFor(context, "referral.own")),
  ]);
  // The link carries the code to the pricing page and on to checkout (docs/decisions/0044-discount-codes.md).
  const link = `${getConfig().publicOrigin}/pricing?${new URLSearchParams({ ref: referrals.code.code })}`;
  const referral = { ...referrals, code: { code: referrals.code.code, reward: referrals.code.reward }, link };
  const testCharges = localCheckoutOpen(context)
    ? orders
        .filter(localChargeDue)
        .map((o) => ({ id: o.id, offer: o.offer, instalment: o.instalments ? o.paidInstalments + 1 : null }))
    : [];
  return { mode, orders, stripe: getConfig().payments.mode === "stripe", testCharges, referral };
}

/** "Manage payment method" (Stripe's billing portal), and the local test checkout's next charge. */
export const action = actionOf(
  "portal",
  (intent) => ({
    "manage-card": intent({
      permission: "portal.read-own",
      form: noFields,
      own: true,
      handler: async (_, { db, permit }) => {
        const config = getConfig();
        const url = await billingPortalUrl(db, permit, config.payments, config.publicOrigin);
        return url ? redirect(url) : { ok: false as const, error: NO_CARD_ON_FILE };
      },
    }),
    "reward-choice": intent({
      permission: "referral.own",
      form: rewardChoiceForm,
      handler: async ({ reward }, { db, permit }) => chooseReward(db, permit, reward),
    }),
    // A buyer's own order, as on /checkout/local (app/server/payments/local-checkout.server.ts).
    "pay-next": intent({
      permission: "checkout.start",
      form: localPaymentForm,
      own: true,
      refused: (problem) => ({ ok: false as const, error: problem.error }),
      handler: async ({ order }, { db, permit, args }) => {
        if (!localCheckoutOpen(args.context)) throw data({ error: LOCAL_CHECKOUT_CLOSED }, { status: 404 });
        await payNextLocally(db, permit, order);
        return redirect("/billing");
      },
    }),
  }),
  { default: "manage-card" },
);

export const meta = privateMeta("Billing", "What you bought and your payments.");

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, orders, stripe, testCharges, referral } = loaderData;
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
              <Button type="submit" variant="outline" size="body" disabled={busy} className="bg-background">
                {charge.instalment
                  ? `Pay instalment ${charge.instalment} of ${offerTitle(charge.offer)} (test)`
                  : `Pay next month of ${offerTitle(charge.offer)} (test)`}
              </Button>
            </Form>
          ))}
        </section>
      ) : null}
      {mode.kind === "real" && stripe ? (
        <Form method="post" className="mt-6">
          <Button type="submit" variant="outline" disabled={busy}>
            Manage payment method
          </Button>
        </Form>
      ) : null}
      {referral ? <ReferralCard view={referral} busy={busy} /> : null}
      {actionData && "error" in actionData && actionData.error ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {actionData.error}
        </p>
      ) : null}
    </PortalPage>
  );
}
