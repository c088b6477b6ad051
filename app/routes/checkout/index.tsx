import { data, Form, redirect, useNavigation } from "react-router";
import { CheckoutPanel, LineSummary } from "~/components/checkout/checkout-panel";
import { Button, ButtonLink } from "~/components/ui/button";
import { checkoutLine, PAYMENTS_OFF } from "~/domain/checkout";
import { checkoutForm } from "~/lib/schemas/checkout";
import { seo } from "~/lib/seo";
import { readForm } from "~/server/action-result.server";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { paymentsFor } from "~/server/developer.server";
import { getConfig } from "~/server/env.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { BUYER, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/index";

export const access = routeAccess({ loader: BUYER, action: BUYER });

// A GET never starts a payment: the button posts (docs/decisions/0027-payments.md).

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const input = {
    offer: url.searchParams.get("offer"),
    currency: url.searchParams.get("currency"),
    option: url.searchParams.get("option"),
  };
  const mode = paymentsFor(context).mode;
  if (input.offer === null && input.currency === null && input.option === null) {
    return { line: null, mode, canceled: false };
  }
  const result = checkoutLine(input);
  if ("error" in result) throw data({ error: result.error }, { status: 400 });
  return { line: result.line, mode, canceled: url.searchParams.has("canceled") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "checkout.start");
  const form = await readForm(request);
  const parsed = checkoutForm.parse(form);
  if (!parsed.ok) throw data({ error: parsed.error }, { status: 400 });
  const config = getConfig();
  const to = await startCheckout(
    await getDb(),
    permit,
    paymentsFor(context),
    parsed.data,
    config.publicOrigin,
  );
  return redirect(to);
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Checkout",
    description: "Pay for an offer.",
    path: "/checkout",
    noindex: true,
  });
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { line, mode, canceled } = loaderData;
  if (!line) {
    return (
      <CheckoutPanel title="Checkout">
        <p className="mt-3 text-muted-foreground">Choose an offer on the pricing page to start a checkout.</p>
        <ButtonLink to="/pricing" className="mt-6">
          See pricing
        </ButtonLink>
      </CheckoutPanel>
    );
  }
  return (
    <CheckoutPanel title={`Checkout: ${line.title}`}>
      {canceled ? (
        <p role="status" className="mt-3 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          Payment cancelled: nothing was charged.
        </p>
      ) : null}
      <LineSummary line={line} />
      {mode === "off" ? (
        <p className="mt-6 text-sm text-muted-foreground">{PAYMENTS_OFF}</p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-2 sm:flex-row">
          <input type="hidden" name="offer" value={line.offer} />
          <input type="hidden" name="currency" value={line.currency} />
          <input type="hidden" name="option" value={line.option} />
          <Button type="submit" disabled={busy}>
            {busy
              ? "Opening checkout…"
              : mode === "local"
                ? "Continue to the test checkout"
                : "Continue to payment"}
          </Button>
          <ButtonLink to="/pricing" variant="outline">
            Back to pricing
          </ButtonLink>
        </Form>
      )}
      {mode === "stripe" ? (
        <p className="mt-4 text-xs text-muted-foreground">
          You pay on Stripe's secure page and come back here.
        </p>
      ) : null}
    </CheckoutPanel>
  );
}
