import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { OrderList, type OrderView } from "./order-list";

const order = (over: Partial<OrderView>): OrderView => ({
  id: "11111111-1111-4111-8111-111111111111",
  offer: "basic",
  option: "upfront",
  mode: "payment",
  unitAmount: 24900,
  currency: "USD",
  instalments: null,
  paidInstalments: 0,
  status: "paid",
  createdAt: "2026-11-01T12:00:00Z",
  payments: [],
  ...over,
});
const payment = (kind: string) => ({
  id: `p-${kind}`,
  kind,
  amount: 24900,
  currency: "USD",
  receiptUrl: null,
  occurredAt: "2026-11-02T12:00:00Z",
});

test("an open dispute says so beside the status; none says nothing", () => {
  expect(renderToString(<OrderList orders={[order({ dispute: "open" })]} />)).toContain(">Disputed<");
  const plain = renderToString(<OrderList orders={[order({ dispute: null })]} />);
  expect(plain).not.toContain("Disputed");
  expect(plain).not.toContain("Dispute ");
});

test("a lost dispute: the order reads refunded, the chargeback as money taken back", () => {
  const html = renderToString(
    <OrderList
      orders={[
        order({ status: "refunded", dispute: "lost", payments: [payment("chargeback"), payment("charge")] }),
      ]}
    />,
  );
  expect(html).toContain(">Dispute lost<");
  expect(html).toContain(">Refunded<");
  expect(html).toContain("Taken back (dispute lost)");
  expect(html).toMatch(/−<!-- -->\$249/);
});

test("a won dispute reads as won, the order still paid", () => {
  const html = renderToString(<OrderList orders={[order({ dispute: "won" })]} />);
  expect(html).toContain(">Dispute won<");
  expect(html).toContain(">Paid<");
});

test("with tax on, the discounted price and the next charge read before tax; without, as before", () => {
  const instalments = (taxAmount: number | null) =>
    order({
      offer: "pro",
      option: "financing",
      mode: "subscription",
      unitAmount: 6000,
      listUnitAmount: 6700,
      discountCode: "MAYA-7K2",
      discountPercent: 10,
      currency: "CAD",
      instalments: 12,
      paidInstalments: 1,
      status: "active",
      payments: [{ ...payment("charge"), amount: 6000 + (taxAmount ?? 0), currency: "CAD", taxAmount }],
    });
  const text = (html: string) => html.replace(/<!-- -->/g, "");
  const taxed = text(renderToString(<OrderList orders={[instalments(780)]} />));
  expect(taxed).toContain("Paid: $60 CAD × 12, before tax");
  expect(taxed).toMatch(/Next charge: \$60 CAD, before tax, on /);
  const plain = text(renderToString(<OrderList orders={[instalments(null)]} />));
  expect(plain).toContain("Paid: $60 CAD × 12<");
  expect(plain).toMatch(/Next charge: \$60 CAD on /);
  expect(plain).not.toContain("before tax");
});
