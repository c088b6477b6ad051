import { and, count, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import type { Plan, Role } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import { type CodeInput, startCheckout } from "~/server/payments/checkout.server";
import { stripeWebhook } from "~/server/payments/stripe-webhook.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, orders, type paymentEvents, type payments, profiles } from "~/server/schema";
import {
  type FakeStripe,
  signed,
  startFakeStripe,
  stripeEvent,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "./fake-stripe";
import { insertPerson } from "./people";
import { openDatabaseForFile } from "./test-database";

// The payment tests' harness (tests/integration/payments-*.test.ts): a fresh database and an in-process
// fake Stripe for the calling file, and the buyer's and Stripe's steps on them.

export const STRIPE = {
  mode: "stripe",
  secretKey: TEST_SECRET_KEY,
  webhookSecret: TEST_WEBHOOK_SECRET,
} as const;
export const ORIGIN = "http://localhost:3000";

export function paymentsForFile() {
  const database = openDatabaseForFile();
  const db = () => database().db;
  let started: FakeStripe | undefined;
  beforeAll(async () => {
    started = await startFakeStripe();
  });
  afterAll(() => started?.close());
  const fake = () => {
    if (!started) throw new Error("the fake Stripe starts in beforeAll");
    return started;
  };

  const person = (role: Role, plan: Plan | null = null) => insertPerson(db(), role, plan, `${role} buyer`);

  /** POST /webhooks/stripe as the app answers it, with this test's keys (the fake Stripe's) and database. */
  const send = (body: string, signature: string | undefined, opened = async () => db()) =>
    stripeWebhook.handle(Buffer.from(body), signature, { payments: STRIPE, db: opened });

  function deliver(event: unknown, secret = TEST_WEBHOOK_SECRET) {
    const { body, signature } = signed(event, secret);
    return send(body, signature);
  }

  async function profileOf(id: string) {
    const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
    return { role: row?.role, plan: row?.plan };
  }
  async function orderOf(id: string) {
    const [row] = await db().select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error("no order");
    return row;
  }
  async function countOf(
    table: typeof auditEvents | typeof payments | typeof paymentEvents,
    where?: ReturnType<typeof eq>,
  ) {
    const [row] = await db().select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  }
  const auditCount = (targetId: string, action: string) =>
    countOf(
      auditEvents,
      and(eq(auditEvents.targetId, targetId), eq(auditEvents.action, action)) as ReturnType<typeof eq>,
    );

  const buy = (buyer: Viewer) => authorize(buyer, "checkout.start");

  async function checkout(
    buyer: Viewer,
    offer: string,
    currency: string,
    option: string,
    codes: CodeInput = {},
  ) {
    const url = await startCheckout(db(), buy(buyer), STRIPE, { offer, currency, option, ...codes }, ORIGIN);
    const sessionId = url.split("/").pop() as string;
    const session = fake().pay(sessionId);
    const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    if (!order) throw new Error("no order for the session");
    const completed = stripeEvent("checkout.session.completed", { ...session });
    return { order, session, completed, subscription: session.subscription as string };
  }

  /** A checkout completed, then its first `paid` invoices (instalments, months) paid in turn. */
  async function subscribed(buyer: Viewer, offer: string, currency: string, option: string, paid = 1) {
    const bought = await checkout(buyer, offer, currency, option);
    await deliver(bought.completed);
    for (let n = 1; n <= paid; n++) await deliver(paidInvoice(bought.order, bought.subscription, n));
    return bought;
  }

  /** No top-level `payment_intent` and `payments` left out at the pinned version (docs/decisions/0038-stripe-api-version.md). */
  function invoice(
    order: { id: string; unitAmount: number },
    subscription: string,
    n: number,
    extra: Partial<Stripe.Invoice> = {},
  ): Partial<Stripe.Invoice> {
    const id = `in_${order.id.slice(0, 8)}_${n}`;
    fake().invoices.set(id, { paymentIntent: instalmentIntent(order, n), orderId: order.id });
    return {
      id,
      object: "invoice",
      amount_paid: order.unitAmount,
      amount_due: order.unitAmount,
      total: order.unitAmount,
      total_excluding_tax: order.unitAmount,
      attempt_count: 1,
      currency: "cad",
      hosted_invoice_url: `https://invoice.stripe.test/${n}`,
      metadata: {},
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription, metadata: { order_id: order.id } },
      },
      ...extra,
    };
  }
  const paidInvoice = (...args: Parameters<typeof invoice>) => stripeEvent("invoice.paid", invoice(...args));
  /** An invoice that charged `amount` (before tax and in all), not the order's price. */
  const charging = (amount: number) => ({ amount_paid: amount, total: amount, total_excluding_tax: amount });
  const instalmentIntent = (order: { id: string }, n: number) => `pi_${order.id.slice(0, 8)}_${n}`;

  /** A local test checkout (no Stripe keys): the order to pay, and the page that pays it. */
  async function localCheckout(buyer: Viewer, offer: string, codes: CodeInput = {}) {
    const url = await startCheckout(
      db(),
      buy(buyer),
      { mode: "local" },
      { offer, currency: "CAD", option: "financing", ...codes },
      ORIGIN,
    );
    return { url, orderId: new URL(url, ORIGIN).searchParams.get("order") as string };
  }

  return {
    db,
    /** The file's live-update bus, as the app's pages listen to it. */
    bus: () => database().bus,
    fake,
    person,
    send,
    deliver,
    profileOf,
    orderOf,
    countOf,
    auditCount,
    buy,
    checkout,
    subscribed,
    invoice,
    paidInvoice,
    charging,
    instalmentIntent,
    localCheckout,
  };
}
