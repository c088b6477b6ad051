import { money, offerTitle, type PricedOrder } from "~/domain/orders";
import type { Recipient } from "../outbox.server";
import { SAMPLE_CLIENT, who } from "./template.server";

// What the payment kinds (a receipt, a failure, staff's notices, a dispute) share: not a kind itself.

/** `order`: its price terms, so a receipt names the list price and code beside what was paid. */
export type PaymentNotice = {
  offer: string;
  amount: number;
  currency: string;
  order?: PricedOrder;
  /** Stripe Tax's share of `amount`; null or absent when none was computed. */
  tax?: number | null;
};

/** A staff notice names the buyer, when there is one. */
export type BuyerPayment = { payment: PaymentNotice; buyer: Pick<Recipient, "email" | "fullName"> | null };

export function paymentWords(payment: PaymentNotice) {
  return { amount: money(payment.amount, payment.currency), offer: offerTitle(payment.offer) };
}

export const buyerWords = (buyer: BuyerPayment["buyer"]) => ({
  buyer: buyer ? who(buyer) : "a buyer",
  Buyer: buyer ? who(buyer) : "A buyer",
});

/** A code-discounted order with tax on top, so a sample shows every line a payment email can have. */
export const SAMPLE_PAYMENT: PaymentNotice = {
  offer: "pro",
  amount: 113_000,
  currency: "CAD",
  tax: 13_000,
  order: {
    unitAmount: 100_000,
    listUnitAmount: 125_000,
    discountCode: "FRIEND20",
    discountPercent: 20,
    currency: "CAD",
    instalments: null,
    mode: "payment",
  },
};

export const SAMPLE_BUYER_PAYMENT: BuyerPayment = { payment: SAMPLE_PAYMENT, buyer: SAMPLE_CLIENT };
