import { discountLines, taxText } from "~/domain/orders";
import { type PaymentNotice, paymentWords, SAMPLE_PAYMENT } from "./payment-notice.server";
import { emailTemplate } from "./template.server";

export const paymentReceipt = emailTemplate({
  kind: "payment-receipt",
  audience: "client",
  content: (payment: PaymentNotice, _to, { origin }) => {
    const { amount, offer } = paymentWords(payment);
    return {
      subject: `Receipt: ${amount} for ${offer}`,
      summary: `We received ${amount}. Thank you.`,
      heading: "Thank you for your payment",
      paragraphs: [`We received your payment for ${offer}.`],
      details: [
        ["Amount", amount],
        ...(payment.tax != null
          ? ([["Included", taxText(payment.tax, payment.currency)]] as [string, string][])
          : []),
        ...(payment.order ? discountLines({ ...payment.order, beforeTax: payment.tax != null }) : []),
      ],
      action: { label: "See your billing", url: `${origin}/billing` },
    };
  },
  sample: SAMPLE_PAYMENT,
});
