import { data, Form, redirect, useNavigation } from "react-router";
import { CheckoutPanel, LineSummary } from "~/components/checkout/checkout-panel";
import { Button, ButtonLink } from "~/components/ui/button";
import { SETTINGS } from "~/content/settings";
import { checkoutLine, discountedLine, PAYMENTS_OFF } from "~/domain/checkout";
import { checkoutForm } from "~/lib/schemas/checkout";
import { privateMeta } from "~/lib/seo";
import { attempt, readForm } from "~/server/action-result.server";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { paymentsFor } from "~/server/developer.server";
import { getConfig } from "~/server/env.server";
import { checkoutCodes, startCheckout } from "~/server/payments/checkout.server";
import { refuse } from "~/server/refusal.server";
import { BUYER, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/index";

export const access = routeAccess({ loader: BUYER, action: BUYER });

// A GET never starts a payment: the button posts (docs/decisions/0027-payments.md). A code from a referral
// link (`ref`) or typed (`code`) is checked here to show the price, and again when the button posts
// (docs/decisions/0044-discount-codes.md).

const NO_CODES = { code: null, note: null, errors: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const input = {
    offer: url.searchParams.get("offer"),
    currency: url.searchParams.get("currency"),
    option: url.searchParams.get("option"),
  };
  const mode = paymentsFor(context).mode;
  if (input.offer === null && input.currency === null && input.option === null) {
    return { line: null, mode, canceled: false, ref: null, ...NO_CODES };
  }
  const result = checkoutLine(input);
  if ("error" in result) throw data({ error: result.error }, { status: 400 });
  const ref = url.searchParams.get("ref")?.slice(0, 64) ?? null;
  const codes = await checkoutCodes(await getDb(), permitFor(context, "checkout.start").actor, result.line, {
    ref,
    code: url.searchParams.get("code")?.slice(0, 64) ?? null,
  });
  const applied = codes.applied;
  // Too many codes tried: the checkout stays, with the message beside the code (a 429 all the same).
  const limited = codes.errors.some((error) => error.status === 429);
  return data(
    {
      line: discountedLine(result.line, applied?.percent ?? null),
      mode,
      canceled: url.searchParams.has("canceled"),
      ref,
      code: applied ? { code: applied.code.code, percent: applied.percent, kind: applied.code.kind } : null,
      note: codes.note,
      errors: codes.errors,
    },
    limited ? { status: 429 } : undefined,
  );
}

/** A refusal keeps the buyer on their checkout (the URL keeps the offer, currency and option), its words beside the code or the button. */
export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "checkout.start");
  const answer = await attempt(async () => {
    const parsed = checkoutForm.parse(await readForm(request));
    if (!parsed.ok) refuse(parsed.error, 400);
    return startCheckout(await getDb(), permit, paymentsFor(context), parsed.data, getConfig().publicOrigin);
  }, "The checkout could not be started. Please try again in a moment.");
  if ("ok" in answer) throw redirect(answer.value);
  return answer;
}

export const meta = privateMeta("Checkout", "Pay for an offer.");

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { line, mode, canceled, code, note, ref } = loaderData;
  const refused = actionData && !("ok" in actionData && actionData.ok) ? actionData : null;
  const refusedField =
    refused?.field === "ref" || refused?.field === "code" ? (refused.field as "ref" | "code") : null;
  // A code refused when the button posted is shown beside the code, once; anything else beside the button.
  const errors =
    refused && refusedField && !loaderData.errors.some((e) => e.message === refused.error)
      ? [...loaderData.errors, { field: refusedField, message: refused.error, status: 400 as const }]
      : loaderData.errors;
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
      <LineSummary line={line} code={code} />
      {SETTINGS.payments.automaticTax ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Prices are before tax: GST/HST is added at payment, from your address.
        </p>
      ) : null}
      {note ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          {note}
        </p>
      ) : null}
      {mode === "off" ? null : (
        <CodeForm line={line} refCode={ref} applied={code?.code ?? null} errors={errors} busy={busy} />
      )}
      {mode === "off" ? (
        <p className="mt-6 text-sm text-muted-foreground">{PAYMENTS_OFF}</p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-2 sm:flex-row">
          <input type="hidden" name="offer" value={line.offer} />
          <input type="hidden" name="currency" value={line.currency} />
          <input type="hidden" name="option" value={line.option} />
          {code ? <input type="hidden" name="code" value={code.code} /> : null}
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
      {refused && !refusedField ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {refused.error}
        </p>
      ) : null}
      {mode === "stripe" ? (
        <p className="mt-4 text-xs text-muted-foreground">
          You pay on Stripe's secure page and come back here.
        </p>
      ) : null}
    </CheckoutPanel>
  );
}

/** A GET: applying a code only shows the price; the payment button posts the code that applied. */
function CodeForm({
  line,
  refCode,
  applied,
  errors,
  busy,
}: {
  line: { offer: string; currency: string; option: string };
  refCode: string | null;
  applied: string | null;
  errors: readonly { field: "ref" | "code"; message: string; status: number }[];
  busy: boolean;
}) {
  const typedError = errors.find((e) => e.field === "code");
  const refError = errors.find((e) => e.field === "ref");
  // A link's code that could not be checked yet (too many tries) is kept for the next Apply.
  const keepRef = refCode && (!refError || refError.status === 429);
  return (
    <Form method="get" className="mt-6" aria-label="Discount code">
      <input type="hidden" name="offer" value={line.offer} />
      <input type="hidden" name="currency" value={line.currency} />
      <input type="hidden" name="option" value={line.option} />
      {keepRef ? <input type="hidden" name="ref" value={refCode} /> : null}
      {refError ? (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {refError.message}
        </p>
      ) : null}
      <label htmlFor="checkout-code" className="text-sm font-medium">
        Discount or referral code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="checkout-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          defaultValue={applied && applied !== refCode ? applied : ""}
          aria-invalid={typedError ? true : undefined}
          aria-describedby={typedError ? "checkout-code-error" : undefined}
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm uppercase"
        />
        <Button type="submit" variant="outline" disabled={busy}>
          Apply
        </Button>
      </div>
      {typedError ? (
        <p id="checkout-code-error" role="alert" className="mt-1 text-sm text-destructive">
          {typedError.message}
        </p>
      ) : null}
    </Form>
  );
}
