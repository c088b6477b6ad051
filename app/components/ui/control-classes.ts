// The looks of a text box, a text area and a dropdown, everywhere (issue 43: one string, not fifteen).

/** A field in a form: as tall as a `field`-size Button beside it; red-edged while it holds the problem. */
export const inputClass =
  "rounded-md border border-border bg-background px-3 py-2 aria-[invalid=true]:border-danger disabled:opacity-60";

/** A smaller control set in a line of text or a table (a filter, an hour, a code's value). */
export const compactInputClass =
  "rounded-md border border-border bg-background px-2 py-1.5 text-sm aria-[invalid=true]:border-danger";
