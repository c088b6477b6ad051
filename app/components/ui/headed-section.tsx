import type { ReactNode } from "react";

// A section named by its heading: aria-labelledby points at the heading's id, so a screen reader's list
// of regions reads the title, and the wiring is written once.

export function HeadedSection({
  id,
  title,
  className,
  titleClassName = "text-xl font-semibold",
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
