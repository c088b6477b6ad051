import { data, Form, Link, type RouterContextProvider, redirect, useNavigation } from "react-router";
import { CheckoutPanel, LineSummary } from "~/components/checkout/checkout-panel";
import { Button, ButtonLink } from "~/components/ui/button";
import { SETTINGS } from "~/content/settings";
import { checkoutLine, lineAt } from "~/domain/checkout";
import { money } from "~/domain/orders";
import { localPaymentForm } from "~/lib/schemas/checkout";
import { privateMeta } from "~/lib/seo";
import { readForm } from "~/server/action-result.server";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { ownOrder } from "~/server/models/orders.server";
import {
  LOCAL_CHECKOUT_CLOSED,
  LOCAL_TEST_HST_PERCENT,
  localCheckoutOpen,
  localTestTax,
  payLocally,
} from "~/server/payments/local-checkout.server";
import { BUYER, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/local";

export const access = routeAccess({ loader: BUYER, action: BUYER });

// A developer door (app/server/developer.server.ts): "Pay" sends locally signed events through the webhook's own code.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function guard(context: Readonly<RouterContextProvider>) {
  if (!localCheckoutOpen(context)) throw data({ error: LOCAL_CHECKOUT_CLOSED }, { status: 404 });
  return permitFor(context, "checkout.start");
}

const orderIdFrom = (value: unknown) => (typeof value === "string" && UUID.test(value) ? value : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const permit = guard(context);
  const id = orderIdFrom(new URL(request.url).searchParams.get("order"));
  if (!id) return { order: null };
  const order = await ownOrder(await getDb(), permit, { id });
  const result = checkoutLine(order);
  const line = "line" in result ? lineAt(result.line, order) : null;
  const code =
    order.discountCode && order.discountPercent
      ? { code: order.discountCode, percent: order.discountPercent }
      : null;
  const tax = localTestTax(order, SETTINGS.payments);
  return {
    order: { id: order.id, status: order.status, sessionId: order.checkoutSessionId },
    line,
    code,
    tax:
      tax === null
        ? null
        : {
            amount: tax,
            total: order.unitAmount + tax,
            currency: order.currency,
            percent: LOCAL_TEST_HST_PERCENT,
          },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const permit = guard(context);
  const parsed = localPaymentForm.parse(await readForm(request));
  // An order id that can't be one is as unknown as another person's: 404.
  if (!parsed.ok) throw data({ error: parsed.error }, { status: 404 });
  const id = parsed.data.order;
  const order = await payLocally(await getDb(), permit, id);
  return redirect(`/checkout/success?${new URLSearchParams({ session_id: order.checkoutSessionId ?? "" })}`);
}

export const meta = privateMeta("Test checkout", "A local test payment.");

export default function LocalCheckout({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { order } = loaderData;
  const line = "line" in loaderData ? loaderData.line : null;
  const tax = "tax" in loaderData ? loaderData.tax : null;
  return (
    <CheckoutPanel title="Test checkout">
      <p className="mt-2 rounded-md border border-border bg-muted px-3 py-2 text-sm">
        Local test mode: no card, no money. Paying here sends the same events Stripe would, through the same
        fulfilment.
      </p>
      {!order || !line ? (
        <p className="mt-4 text-muted-foreground">
          Nothing to pay here.{" "}
          <Link to="/pricing" className="underline">
            Choose an offer on the pricing page.
          </Link>
        </p>
      ) : order.status !== "pending" ? (
        <p className="mt-4">
          This order is already {order.status}.{" "}
          <Link to={`/checkout/success?session_id=${order.sessionId}`} className="underline">
            See it
          </Link>
        </p>
      ) : (
        <>
          <LineSummary line={line} code={loaderData.code} />
          {tax ? (
            <p className="mt-3 text-sm">
              Tax: {money(tax.amount, tax.currency)}{" "}
              <span className="text-muted-foreground">
                (test stand-in for Stripe Tax: {tax.percent}% HST on CAD, as for an Ontario address; none on
                USD)
              </span>
            </p>
          ) : null}
          <Form method="post" className="mt-6 flex flex-col gap-2 sm:flex-row">
            <input type="hidden" name="order" value={order.id} />
            <Button type="submit" disabled={busy}>
              {busy
                ? "Paying…"
                : `Pay ${tax ? money(tax.total, tax.currency) : `${line.label} ${line.currency}`} (test)`}
            </Button>
            <ButtonLink
              to={`/checkout?${new URLSearchParams({ offer: line.offer, currency: line.currency, option: line.option, canceled: "1" })}`}
              variant="outline"
            >
              Cancel
            </ButtonLink>
          </Form>
        </>
      )}
    </CheckoutPanel>
  );
}
