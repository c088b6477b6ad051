import { useEffect, useId, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_THEME, parseTheme, THEMES, type Theme } from "~/domain/theme";
import { chooseTheme, followSystemTheme } from "~/lib/theme-client";

const LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

const optionClass =
  "cursor-pointer rounded-full px-2 py-1 text-muted-foreground has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring";
const groupClass = "flex w-fit items-center gap-0.5 rounded-full border border-border p-0.5 text-xs";

/** Hidden without JavaScript: the choice can't be kept without it. */
export function ThemeSwitch({ htmlFirst = false }: { htmlFirst?: boolean }) {
  // The header and the mobile drawer each render one.
  const group = useId();
  if (htmlFirst) {
    return (
      <fieldset className={`${groupClass} no-script:hidden`} data-theme-switch>
        <legend className="sr-only">Theme</legend>
        {THEMES.map((option) => (
          <label key={option} className={optionClass}>
            <input type="radio" name={group} value={option} className="sr-only" />
            {LABELS[option]}
          </label>
        ))}
      </fieldset>
    );
  }
  return <HydratedThemeSwitch group={group} />;
}

function HydratedThemeSwitch({ group }: { group: string }) {
  // The cookie's theme, which the server rendered: right before React runs (portal pages wait for a person).
  const served = parseTheme((useRouteLoaderData("root") as { theme?: string } | undefined)?.theme);
  const [theme, setTheme] = useState<Theme>(served ?? DEFAULT_THEME);

  useEffect(() => {
    setTheme(parseTheme(document.documentElement.dataset.theme) ?? DEFAULT_THEME);
  }, []);

  useEffect(() => (theme === "system" ? followSystemTheme() : undefined), [theme]);

  function choose(next: Theme) {
    setTheme(next);
    chooseTheme(next);
  }

  return (
    <fieldset className={groupClass}>
      <legend className="sr-only">Theme</legend>
      {THEMES.map((option) => (
        <label key={option} className={optionClass}>
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
