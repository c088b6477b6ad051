import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLazyModule, useNearViewport } from "./lazy";

export type AccordionEntry = { id: string; question: string; answer: ReactNode };

// Radix Accordion loads once the accordion comes near the screen, or a question is pointed at, focused
// or pressed. Until then the questions are the same markup Radix renders closed, so nothing moves when
// it takes over; a question pressed before that opens as soon as it has.
const loadAccordion = () => import("@radix-ui/react-accordion");

const triggerClass =
  "group flex w-full items-center justify-between gap-4 py-4 text-left font-medium hover:text-primary";

function PlusSign() {
  return (
    <span
      aria-hidden="true"
      className="shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-45"
    >
      +
    </span>
  );
}

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
  const root = useRef<HTMLDivElement>(null);
  const [Primitive, loadPrimitive] = useLazyModule(loadAccordion);
  // Asked for before Radix arrived: the question to open, and the one that had focus when it arrived.
  const [pressed, setPressed] = useState<string | undefined>(undefined);
  const focused = useRef<string | null>(null);

  const upgrade = useCallback(() => {
    void loadPrimitive().then(() => {
      // Runs before React renders Radix's markup in place of ours.
      const active = document.activeElement;
      focused.current =
        active instanceof HTMLElement && root.current?.contains(active)
          ? (active.dataset.accordionItem ?? null)
          : null;
    });
  }, [loadPrimitive]);
  useNearViewport(root, upgrade, "300px 0px");

  // Focus stays on the same question across the swap.
  useEffect(() => {
    const id = focused.current;
    if (!Primitive || id === null) return;
    focused.current = null;
    for (const button of root.current?.querySelectorAll<HTMLElement>("[data-accordion-item]") ?? []) {
      if (button.dataset.accordionItem === id) button.focus();
    }
  }, [Primitive]);

  const rootClass = `divide-y divide-border ${className}`;

  if (!Primitive) {
    return (
      <div ref={root} className={rootClass} data-orientation="vertical">
        {items.map((item) => (
          <div key={item.id} data-state="closed" data-orientation="vertical">
            <Heading className="m-0" data-state="closed">
              <button
                type="button"
                aria-expanded="false"
                data-state="closed"
                data-accordion-item={item.id}
                className={triggerClass}
                onPointerEnter={upgrade}
                onFocus={upgrade}
                onClick={() => {
                  setPressed((current) => (current === item.id ? undefined : item.id));
                  upgrade();
                }}
              >
                {item.question}
                <PlusSign />
              </button>
            </Heading>
          </div>
        ))}
      </div>
    );
  }

  return (
    <Primitive.Root ref={root} type="single" collapsible defaultValue={pressed} className={rootClass}>
      {items.map((item) => (
        <Primitive.Item key={item.id} value={item.id}>
          <Primitive.Header asChild>
            <Heading className="m-0">
              <Primitive.Trigger data-accordion-item={item.id} className={triggerClass}>
                {item.question}
                <PlusSign />
              </Primitive.Trigger>
            </Heading>
          </Primitive.Header>
          <Primitive.Content className="pb-4 text-muted-foreground">{item.answer}</Primitive.Content>
        </Primitive.Item>
      ))}
    </Primitive.Root>
  );
}
