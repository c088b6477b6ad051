import { useEffect, useState } from "react";
import { LightLink } from "~/components/light-link";
import { NewTabLink } from "~/components/ui/new-tab-link";
import { SITE, SOCIAL_LINKS } from "~/content/site";

/** The viewer's year, not the build's: pre-rendered HTML is refreshed after load. */
function useCurrentYear() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="mt-16 border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <img src={SITE.logo.src} width={24} height={24} alt="" loading="lazy" />
          <span className="font-semibold text-foreground">{SITE.brand}</span>
        </div>
        <p>
          ©{" "}
          <span suppressHydrationWarning data-current-year>
            {year}
          </span>{" "}
          {SITE.brand}. All rights reserved.
        </p>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-4">
          <LightLink to="/" className="inline-block py-1 hover:text-foreground">
            Home
          </LightLink>
          <LightLink to="/privacy" className="inline-block py-1 hover:text-foreground">
            Privacy
          </LightLink>
          <LightLink to="/account" className="inline-block py-1 hover:text-foreground">
            Your data
          </LightLink>
          {SOCIAL_LINKS.map((social) => (
            <NewTabLink
              key={social.href}
              href={social.href}
              className="inline-block py-1 hover:text-foreground"
            >
              {social.label}
            </NewTabLink>
          ))}
        </nav>
      </div>
    </footer>
  );
}
