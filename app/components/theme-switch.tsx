import { useEffect, useId, useState } from "react";
import {
  DEFAULT_THEME,
  parseTheme,
  THEME_COOKIE,
  THEME_STORAGE_KEY,
  THEMES,
  type Theme,
} from "~/domain/theme";

const LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };
const ONE_YEAR = 365 * 24 * 60 * 60;

function apply(theme: Theme) {
  const dark =
    theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.dataset.theme = theme;
}

/** Light / Dark / System, kept in local storage (SPEC) and a cookie (for server rendering). */
export function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(DEFAULT_THEME);
  // The header and the mobile drawer each render a switch: each needs its own radio group.
  const group = useId();

  useEffect(() => {
    setTheme(parseTheme(document.documentElement.dataset.theme) ?? DEFAULT_THEME);
  }, []);

  useEffect(() => {
    if (theme !== "system") return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => apply("system");
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [theme]);

  function choose(next: Theme) {
    setTheme(next);
    apply(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode: the cookie still carries the choice.
    }
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie lets the server render the theme
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
  }

  return (
    <fieldset className="flex w-fit items-center gap-0.5 rounded-full border border-border p-0.5 text-xs">
      <legend className="sr-only">Theme</legend>
      {THEMES.map((option) => (
        <label
          key={option}
          className="cursor-pointer rounded-full px-2 py-1 text-muted-foreground has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
        >
          <input
            type="radio"
            name={group}
            value={option}
            checked={theme === option}
            onChange={() => choose(option)}
            className="sr-only"
          />
          {LABELS[option]}
        </label>
      ))}
    </fieldset>
  );
}
