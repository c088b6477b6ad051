import { type BuyerPayment, buyerWords, paymentWords, SAMPLE_BUYER_PAYMENT } from "./payment-notice.server";
import { emailTemplate } from "./template.server";

const DISPUTE_NEWS = {
  open: { subject: "Payment disputed", heading: "A payment was disputed" },
  won: { subject: "Dispute won", heading: "A dispute was decided in your favour" },
  lost: { subject: "Dispute lost", heading: "A dispute was lost: the money was taken back" },
} as const;

export type DisputeState = keyof typeof DISPUTE_NEWS;
export type Dispute = BuyerPayment & { state: DisputeState; reason: string };

/** Staff only: the coach answers a dispute in Stripe's dashboard. */
export const staffPaymentDisputed = emailTemplate({
  kind: "staff-payment-disputed",
  audience: "staff",
  content: ({ payment, buyer, state, reason }: Dispute, _to, { origin }) => {
    const { amount, offer } = paymentWords(payment);
    const { buyer: by, Buyer } = buyerWords(buyer);
    const news = DISPUTE_NEWS[state];
    return {
      subject: `${news.subject}: ${amount} for ${offer}`,
      summary: `From ${by}.`,
      heading: news.heading,
      paragraphs: [
        `${Buyer}'s payment of ${amount} for ${offer} is under a card dispute (reason: ${reason.replace(/_/g, " ")}).`,
        state === "open"
          ? "Answer it with evidence in Stripe's dashboard before its deadline; the client's access is unchanged until you decide."
          : "The client's access is unchanged until you decide.",
      ],
      action: { label: "Open payments", url: `${origin}/admin/payments` },
    };
  },
  sample: { ...SAMPLE_BUYER_PAYMENT, state: "open", reason: "product_not_received" },
});
