import type { ReactNode } from "react";

export function CheckoutPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <section
        aria-labelledby="checkout-title"
        className="rounded-2xl border border-border bg-card p-6 shadow-sm"
      >
        <h1 id="checkout-title" className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

export function LineSummary({
  line,
  code = null,
}: {
  line: { title: string; label: string; listLabel: string; currency: string; instalments: number | null };
  code?: { code: string; percent: number } | null;
}) {
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Offer</dt>
      <dd className="font-medium">{line.title}</dd>
      {code ? (
        <>
          <dt className="text-muted-foreground">List price</dt>
          <dd>
            <s>
              {line.listLabel} {line.currency}
            </s>
          </dd>
          <dt className="text-muted-foreground">Code</dt>
          <dd>
            {code.code}: {code.percent}% off
          </dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">{code ? "You pay" : "Price"}</dt>
      <dd className="font-medium">
        {line.label} {line.currency}
      </dd>
      {line.instalments ? (
        <>
          <dt className="text-muted-foreground">Payments</dt>
          <dd>{line.instalments} instalments, then they stop by themselves</dd>
        </>
      ) : null}
    </dl>
  );
}
