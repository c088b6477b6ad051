import * as AccordionPrimitive from "@radix-ui/react-accordion";
import type { ReactNode } from "react";

export type AccordionEntry = { id: string; question: string; answer: ReactNode };

/**
 * A single-open, collapsible accordion (Radix: buttons with aria-expanded/aria-controls, arrow keys,
 * Home/End). `headingLevel` keeps the page's heading outline right wherever it is placed.
 */
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
  return (
    <AccordionPrimitive.Root type="single" collapsible className={`divide-y divide-border ${className}`}>
      {items.map((item) => (
        <AccordionPrimitive.Item key={item.id} value={item.id}>
          <AccordionPrimitive.Header asChild>
            <Heading className="m-0">
              <AccordionPrimitive.Trigger className="group flex w-full items-center justify-between gap-4 py-4 text-left font-medium hover:text-primary">
                {item.question}
                <span
                  aria-hidden="true"
                  className="shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-45"
                >
                  +
                </span>
              </AccordionPrimitive.Trigger>
            </Heading>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content className="pb-4 text-muted-foreground">
            {item.answer}
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
