import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  CheckoutPanel,
  LineSummary,
  primaryAction,
  secondaryAction,
} from "~/components/checkout/checkout-panel";
import { checkoutLine } from "~/domain/checkout";
import { isStaff } from "~/domain/viewer";
import { seo } from "~/lib/seo";
import { readForm } from "~/server/action-result.server";
import { requireViewer, viewerContext } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { getConfig, isLoopbackHost } from "~/server/env.server";
import { ownOrder, STAFF_CANNOT_BUY } from "~/server/models/orders.server";
import { payLocally } from "~/server/payments/checkout.server";
import type { Route } from "./+types/local";

// The local test checkout (like local sign-in): only without Stripe keys and only on a loopback
// address. "Pay" sends the events Stripe would send, signed locally, through the webhook's own code.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_HERE = "The test checkout runs only on a computer's own address, when Stripe is not configured.";

function guard(request: Request, viewerState: Parameters<typeof requireViewer>[1]) {
  const viewer = requireViewer(request, viewerState);
  if (getConfig().payments.mode !== "local" || !isLoopbackHost(new URL(request.url).hostname)) {
    throw data({ error: NOT_HERE }, { status: 404 });
  }
  if (isStaff(viewer.role)) throw data({ error: STAFF_CANNOT_BUY }, { status: 403 });
  return viewer;
}

const orderIdFrom = (value: unknown) => (typeof value === "string" && UUID.test(value) ? value : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = guard(request, context.get(viewerContext));
  const id = orderIdFrom(new URL(request.url).searchParams.get("order"));
  if (!id) return { order: null };
  const order = await ownOrder(await getDb(), viewer, { id });
  const result = checkoutLine(order);
  const line = "line" in result ? result.line : null;
  return { order: { id: order.id, status: order.status, sessionId: order.checkoutSessionId }, line };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = guard(request, context.get(viewerContext));
  const id = orderIdFrom((await readForm(request)).get("order"));
  if (!id) throw data({ error: "No such order." }, { status: 404 });
  const order = await payLocally(await getDb(), viewer, id);
  return redirect(`/checkout/success?${new URLSearchParams({ session_id: order.checkoutSessionId ?? "" })}`);
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Test checkout",
    description: "A local test payment.",
    path: "/checkout/local",
    noindex: true,
  });
}

export default function LocalCheckout({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { order } = loaderData;
  const line = "line" in loaderData ? loaderData.line : null;
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
          <LineSummary line={line} />
          <Form method="post" className="mt-6 flex flex-col gap-2 sm:flex-row">
            <input type="hidden" name="order" value={order.id} />
            <button type="submit" className={primaryAction} disabled={busy}>
              {busy ? "Paying…" : `Pay ${line.label} ${line.currency} (test)`}
            </button>
            <Link
              to={`/checkout?${new URLSearchParams({ offer: line.offer, currency: line.currency, option: line.option, canceled: "1" })}`}
              className={secondaryAction}
            >
              Cancel
            </Link>
          </Form>
        </>
      )}
    </CheckoutPanel>
  );
}
