import type { ComponentProps } from "react";

// A link to another site opens in a new tab, without handing it this window (noopener), and says so to
// a screen reader after its words.

export const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

/** The words a screen reader hears after the link's own. */
export function NewTabNote() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

export function NewTabLink({ children, ...props }: ComponentProps<"a">) {
  return (
    <a {...NEW_TAB} {...props}>
      {children}
      <NewTabNote />
    </a>
  );
}
