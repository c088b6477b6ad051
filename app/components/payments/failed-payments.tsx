import { Link } from "react-router";
import { offerTitle } from "~/domain/orders";

/** The coach decides what happens next. */
export function FailedPayments({
  orders,
}: {
  orders: { id: string; personId: string | null; email: string | null; offer: string }[];
}) {
  if (orders.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="failed-payments"
      className="mt-6 rounded-xl border border-destructive p-5"
    >
      <h2 id="failed-payments" className="text-lg font-semibold">
        {orders.length === 1 ? "A payment failed" : `${orders.length} payments failed`}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The client sees a notice with a link to update their card; their access is unchanged until you decide.
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        {orders.map((order) => (
          <li key={order.id}>
            {order.personId ? (
              <Link to={`/admin/clients/${order.personId}#payments`} className="underline underline-offset-2">
                {order.email}
              </Link>
            ) : (
              "Deleted account"
            )}{" "}
            · {offerTitle(order.offer)}
          </li>
        ))}
      </ul>
    </section>
  );
}
