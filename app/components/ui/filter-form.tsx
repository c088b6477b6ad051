import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "./button";

/**
 * A list's filters: a GET form whose choices go in the address (so a filtered list can be shared and
 * reloaded), its selects side by side, and the button that applies them, which works without JavaScript.
 */
export function FilterForm({
  label,
  submit,
  className = "flex flex-wrap items-end gap-3",
  search = false,
  children,
}: {
  /** The form's name for a screen reader ("Filter payments"). */
  label?: string;
  submit: string;
  className?: string;
  /** A search landmark, where the form narrows what the page lists. */
  search?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="get" role={search ? "search" : undefined} aria-label={label} className={className}>
      {children}
      <Button type="submit" variant="outline" size="sm">
        {submit}
      </Button>
    </Form>
  );
}
