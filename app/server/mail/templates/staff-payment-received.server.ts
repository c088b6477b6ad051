import { discountText, taxText } from "~/domain/orders";
import { type BuyerPayment, buyerWords, paymentWords, SAMPLE_BUYER_PAYMENT } from "./payment-notice.server";
import { emailTemplate } from "./template.server";

export const staffPaymentReceived = emailTemplate({
  kind: "staff-payment-received",
  audience: "staff",
  content: ({ payment, buyer }: BuyerPayment, _to, { origin }) => {
    const { amount, offer } = paymentWords(payment);
    const { buyer: by, Buyer } = buyerWords(buyer);
    return {
      subject: `Payment received: ${amount} for ${offer}`,
      summary: `From ${by}.`,
      heading: "A payment was received",
      paragraphs: [
        `${Buyer} paid ${amount} for ${offer}${payment.tax != null ? `, of which ${taxText(payment.tax, payment.currency)}` : ""}.`,
        ...(payment.order && discountText(payment.order)
          ? [`${discountText({ ...payment.order, beforeTax: payment.tax != null })}.`]
          : []),
      ],
      action: { label: "Open payments", url: `${origin}/admin/payments` },
    };
  },
  sample: SAMPLE_BUYER_PAYMENT,
});
