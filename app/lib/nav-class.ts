// Shared by the React header and the HTML-first pages' enhancer.

export function navClass(isActive: boolean): string {
  return `rounded-md px-2.5 py-1.5 text-sm transition-colors hover:bg-muted ${
    isActive ? "font-semibold text-foreground" : "text-muted-foreground"
  }`;
}

/** docs/product/screens.md, Site header: shown while auth is loading. */
export const AUTH_PLACEHOLDER_CLASS = "inline-block h-7 w-24 animate-pulse rounded-md bg-muted";

/** The header's "Client Portal" link on HTML-first pages while nobody has asked who is here: seen only without JavaScript. */
export const PORTAL_DOOR_NO_SCRIPT_CLASS = `${navClass(false)} hidden no-script:inline-block`;
