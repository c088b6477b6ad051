import { OrderList } from "~/components/payments/order-list";
import { type ClientData, Section } from "./section";

// Read-only (docs/decisions/0027-payments.md).
export function PaymentsSection({ data }: { data: ClientData }) {
  const pastDue = data.orders.some((o) => o.status === "past_due");
  const disputed = data.orders.some((o) => o.dispute === "open");
  return (
    <Section id="payments" title="Payments">
      {pastDue ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive px-3 py-2 text-sm">
          A payment failed. The client has been asked to update their card; their access is unchanged until
          you decide.
        </p>
      ) : null}
      {disputed ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive px-3 py-2 text-sm">
          A payment is disputed with the client's card company. Answer it in Stripe's dashboard; their access
          is unchanged until you decide.
        </p>
      ) : null}
      {data.orders.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments.</p>
      ) : (
        <OrderList orders={data.orders} headingLevel={3} />
      )}
    </Section>
  );
}
