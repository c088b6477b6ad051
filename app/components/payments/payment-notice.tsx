import { Link } from "react-router";

export function PaymentNotice({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <p role="alert" className="rounded-xl border border-destructive px-4 py-3 text-sm">
        A payment didn't go through. Your access stays while your coach looks into it.{" "}
        <Link to="/billing" className="font-semibold underline underline-offset-2">
          Update your payment method
        </Link>
      </p>
    </div>
  );
}
