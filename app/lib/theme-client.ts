import { THEME_COOKIE, THEME_STORAGE_KEY, type Theme } from "~/domain/theme";

// docs/decisions/0006-theme.md; shared by the React switch and the HTML-first pages' enhancer.

const ONE_YEAR = 365 * 24 * 60 * 60;

export function applyTheme(theme: Theme): void {
  const dark =
    theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.dataset.theme = theme;
}

/** Kept in local storage (docs/product/entities.md) and a cookie, for server rendering. */
export function chooseTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the cookie still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie lets the server render the theme
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}

export function followSystemTheme(): () => void {
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const follow = () => {
    if (document.documentElement.dataset.theme === "system") applyTheme("system");
  };
  media.addEventListener("change", follow);
  return () => media.removeEventListener("change", follow);
}
