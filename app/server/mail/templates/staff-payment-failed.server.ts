import { type BuyerPayment, buyerWords, paymentWords, SAMPLE_BUYER_PAYMENT } from "./payment-notice.server";
import { emailTemplate } from "./template.server";

export const staffPaymentFailed = emailTemplate({
  kind: "staff-payment-failed",
  audience: "staff",
  content: ({ payment, buyer }: BuyerPayment, _to, { origin }) => {
    const { amount, offer } = paymentWords(payment);
    const { buyer: by } = buyerWords(buyer);
    return {
      subject: `Payment failed: ${amount} for ${offer}`,
      summary: `From ${by}.`,
      heading: "A payment failed",
      paragraphs: [`A payment of ${amount} for ${offer} by ${by} failed.`],
      action: { label: "Open payments", url: `${origin}/admin/payments` },
    };
  },
  sample: SAMPLE_BUYER_PAYMENT,
});
