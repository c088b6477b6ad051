// The header's link look, shared by the React header and the HTML-first pages' enhancer (which draws the
// signed-in links after asking who is here).

export function navClass(isActive: boolean): string {
  return `rounded-md px-2.5 py-1.5 text-sm transition-colors hover:bg-muted ${
    isActive ? "font-semibold text-foreground" : "text-muted-foreground"
  }`;
}

/** The sign-in placeholder's look (SPEC §2: shown while the browser learns who is signed in). */
export const AUTH_PLACEHOLDER_CLASS = "inline-block h-7 w-24 animate-pulse rounded-md bg-muted";
