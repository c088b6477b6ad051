import type { ReactNode } from "react";

export const sectionBody = "mx-auto max-w-6xl px-4 py-16";

const sectionHeading = "text-3xl font-bold tracking-tight";

/** Named by its `<h2>` (`{id}-heading`); `band` puts it on the muted full-width band. */
export function PageSection({
  id,
  heading,
  intro,
  band = false,
  body = sectionBody,
  children,
}: {
  id: string;
  heading: ReactNode;
  intro?: ReactNode;
  band?: boolean;
  body?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const content = (
    <>
      <h2 id={headingId} className={sectionHeading}>
        {heading}
      </h2>
      {intro ? <p className="mt-2 max-w-2xl text-muted-foreground">{intro}</p> : null}
      {children}
    </>
  );
  return band ? (
    <section aria-labelledby={headingId} className="border-y border-border bg-muted">
      <div className={body}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={headingId} className={body}>
      {content}
    </section>
  );
}

export function NumberedSteps({
  steps,
  columns,
}: {
  steps: readonly { id: string; title: string; description: string }[];
  columns: string;
}) {
  return (
    <ol className={`mt-8 grid gap-4 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.id} className="rounded-xl border border-border bg-card p-5">
          <p className="text-sm font-semibold text-primary">Step {index + 1}</p>
          <h3 className="mt-1 font-semibold">{step.title}</h3>
          <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
