import { type AnchorHTMLAttributes, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

// Links that cost the server what an <a> costs. React Router's <Link> resolves its path, reads the
// router's state and makes a click handler for each link it renders: ~13 µs of server CPU apiece, a third
// of Leads & Clients' render with its 100 row links (docs/decisions/0032-rendering-cost.md). A LightLink
// is a plain <a data-light-link> with an absolute (or query-only) href, and one listener on the document
// (LightLinkNavigation, which the root renders on hydrated pages) makes its clicks client-side
// navigations as <Link>'s would be. Without JavaScript, and on HTML-first pages, it is a plain link.

type LightLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

export function LightLink({ to, ...props }: LightLinkProps) {
  return <a {...props} href={to} data-light-link="" />;
}

/** NavLink's sense of "this link is the current page": the same path, or (unless `end`) one under it. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  // An absolute path's own path part, without parsing a URL for it (the header and tabs ask this of a
  // dozen links on every page); anything else is resolved as the browser would.
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

/** A LightLink that marks itself as the current page (aria-current and its class), as <NavLink> does. */
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

/**
 * Rendered once by the root on hydrated pages: one click listener for every LightLink. A plain left click (no modifier key, no other
 * target, no download) on a same-origin LightLink navigates in place; a click a handler has already
 * taken (defaultPrevented) is left alone. Going to the URL already shown replaces it, as <Link> does.
 */
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
