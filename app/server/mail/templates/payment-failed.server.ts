import { type PaymentNotice, paymentWords, SAMPLE_PAYMENT } from "./payment-notice.server";
import { emailTemplate } from "./template.server";

export const paymentFailed = emailTemplate({
  kind: "payment-failed",
  audience: "client",
  content: (payment: PaymentNotice, _to, { origin }) => {
    const { amount, offer } = paymentWords(payment);
    return {
      subject: `Payment failed: ${amount} for ${offer}`,
      summary: "Your payment did not go through.",
      heading: "Your payment did not go through",
      paragraphs: [
        `The payment of ${amount} for ${offer} failed. Your card company may have declined it; the payment will be tried again.`,
      ],
      action: { label: "See your billing", url: `${origin}/billing` },
    };
  },
  sample: SAMPLE_PAYMENT,
});
