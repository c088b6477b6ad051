import { type ReactNode, useId } from "react";

export type AccordionEntry = { id: string; question: string; answer: ReactNode };

const summaryClass =
  "flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium hover:text-primary [&::-webkit-details-marker]:hidden";

/** Native `<details name>`, so the browser itself keeps one open (docs/decisions/0022-faq-without-javascript.md). */
export function Accordion({
  items,
  headingLevel = 3,
  className = "",
}: {
  items: readonly AccordionEntry[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const group = `accordion-${useId()}`;
  return (
    <div className={`divide-y divide-border ${className}`}>
      {items.map((item) => (
        <details key={item.id} name={group} className="group" data-accordion-item={item.id}>
          <summary className={summaryClass}>
            <Heading className="m-0 text-base font-medium">{item.question}</Heading>
            <span
              aria-hidden="true"
              className="shrink-0 text-muted-foreground transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <div className="pb-4 text-muted-foreground">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
