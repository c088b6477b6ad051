import { CheckoutPanel } from "~/components/checkout/checkout-panel";
import { ButtonLink } from "~/components/ui/button";
import { offerTitle } from "~/domain/orders";
import { PLAN_LABELS } from "~/domain/plans";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { getConfig } from "~/server/env.server";
import { confirmCheckout } from "~/server/payments/checkout.server";
import { BUYER, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/success";

export const access = routeAccess({ loader: BUYER });

// Fulfilled here if the webhook has not arrived yet (the same fulfilment, once), so the plan shows at once.

export async function loader({ request, context }: Route.LoaderArgs) {
  const permit = permitFor(context, "checkout.start");
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId || sessionId.length > 255) return { order: null };
  const order = await confirmCheckout(await getDb(), permit, getConfig().payments, sessionId);
  return {
    order: {
      title: offerTitle(order.offer),
      plan: order.plan ? PLAN_LABELS[order.plan] : null,
      paid: order.fulfilledAt !== null,
    },
  };
}

export const meta = privateMeta("Thank you", "Your payment.");

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) {
    return (
      <CheckoutPanel title="Checkout">
        <p className="mt-3 text-muted-foreground">No payment to show. Your purchases are in your portal.</p>
        <ButtonLink to="/dashboard" className="mt-6">
          Go to your dashboard
        </ButtonLink>
      </CheckoutPanel>
    );
  }
  return (
    <CheckoutPanel title={order.paid ? "Thank you: payment received" : "Payment in progress"}>
      <p role="status" className="mt-3">
        {order.paid
          ? `${order.title} is yours.${order.plan ? ` Your portal now shows your ${order.plan} plan.` : ""}`
          : "Stripe is still confirming your payment. This page updates when it does; you can also come back later."}
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        <ButtonLink to="/billing" variant="outline">
          See billing
        </ButtonLink>
      </div>
    </CheckoutPanel>
  );
}
