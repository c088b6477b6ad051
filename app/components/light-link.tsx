import { type AnchorHTMLAttributes, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

// A plain <a> whose clicks one document listener turns into client-side navigations: <Link> costs far
// more server CPU per link (docs/decisions/0032-rendering-cost.md).

type LightLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

export function LightLink({ to, ...props }: LightLinkProps) {
  return <a {...props} href={to} data-light-link="" />;
}

export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  // Without parsing a URL: the header and tabs ask this of many links per page.
  const path =
    to.startsWith("/") && !to.startsWith("//")
      ? to.replace(/[?#].*$/s, "")
      : new URL(to, "http://x/").pathname;
  const target = path.replace(/(.)\/$/, "$1");
  const here = pathname.replace(/(.)\/$/, "$1");
  if (here === target) return true;
  return !end && target !== "/" && here.startsWith(`${target}/`);
}

type LightNavLinkProps = Omit<LightLinkProps, "className"> & {
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
};

export function LightNavLink({ to, end, className, ...props }: LightNavLinkProps) {
  const isActive = isCurrentPath(useLocation().pathname, to, end);
  return (
    <LightLink
      {...props}
      to={to}
      className={className({ isActive })}
      aria-current={isActive ? "page" : undefined}
    />
  );
}

/** A plain left click on a same-origin LightLink navigates in place; going to the URL shown replaces it. */
export function LightLinkNavigation(): null {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[data-light-link]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const target = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(target, { replace: target === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
