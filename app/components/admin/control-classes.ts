export const inputClass = "rounded-md border border-border bg-background px-3 py-2 disabled:opacity-60";
