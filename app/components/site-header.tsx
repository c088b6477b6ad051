import { useEffect } from "react";
import { useLocation } from "react-router";
import { LightLink, LightNavLink } from "~/components/light-link";
import { PRIMARY_NAV, SITE } from "~/content/site";
import { can } from "~/domain/policy";
import { isProtectedPath } from "~/domain/viewer";
import { AUTH_PLACEHOLDER_CLASS, navClass, PORTAL_DOOR_NO_SCRIPT_CLASS } from "~/lib/nav-class";
import { signOutOnNextPage } from "~/lib/next-page";
import { closeSiteMenu, SITE_MENU_ID, setUpSiteMenu } from "~/lib/site-menu";
import { useAuth } from "./auth-provider";
import { ThemeSwitch } from "./theme-switch";
import { showToast } from "./toast";

// React on hydrated pages, plain markup enhanced by app/enhancers/site.ts on HTML-first pages
// (docs/decisions/0019-marketing-javascript.md, 0030-html-first-pages.md); the same drawer on both.

const linkClass = ({ isActive }: { isActive: boolean }) => navClass(isActive);

const PORTAL_PATHS = ["/dashboard", "/lessons", "/homework", "/resources", "/files", "/plan"];

function NavItems({
  onNavigate,
  onSignOut,
  htmlFirst = false,
}: {
  onNavigate?: () => void;
  onSignOut?: () => void;
  htmlFirst?: boolean;
}) {
  const { loading, viewer } = useAuth();
  const { pathname } = useLocation();
  const inPortal = PORTAL_PATHS.includes(pathname);
  const authItems = loading ? (
    <>
      {/* docs/product/screens.md, Site header: a placeholder while auth is loading. */}
      <span
        className={`${AUTH_PLACEHOLDER_CLASS} ${htmlFirst ? "no-script:hidden" : ""}`}
        role="status"
        data-auth-slot
      >
        <span className="sr-only">Checking your sign-in…</span>
      </span>
      {htmlFirst ? (
        // Without JavaScript nobody asks: the portal's door instead.
        <a href="/login" className={PORTAL_DOOR_NO_SCRIPT_CLASS} data-portal-door="">
          Client Portal
        </a>
      ) : null}
    </>
  ) : viewer ? (
    <>
      {can(viewer, "admin.enter") && (
        <LightNavLink to="/admin" className={linkClass} onClick={onNavigate}>
          Admin
        </LightNavLink>
      )}
      {viewer.role === "client" && (
        <LightNavLink
          to="/dashboard"
          className={({ isActive }) => navClass(isActive || inPortal)}
          onClick={onNavigate}
        >
          Dashboard
        </LightNavLink>
      )}
      {htmlFirst ? (
        // A plain POST without JavaScript; the enhancer does it in place.
        <form method="post" action="/logout" className="contents" data-sign-out>
          <button type="submit" className={`${navClass(false)} text-left`}>
            Sign out
          </button>
        </form>
      ) : (
        <button type="button" className={`${navClass(false)} text-left`} onClick={onSignOut}>
          Sign out
        </button>
      )}
    </>
  ) : (
    <LightNavLink to="/login" className={linkClass} onClick={onNavigate}>
      Client Portal
    </LightNavLink>
  );
  return (
    <>
      {PRIMARY_NAV.map((link) => (
        <LightNavLink
          key={link.to}
          to={link.to}
          end={link.to === "/"}
          className={linkClass}
          onClick={onNavigate}
        >
          {link.label}
        </LightNavLink>
      ))}
      {htmlFirst ? (
        // A div, not a span: signed in, it holds the sign-out <form>, which phrasing content can't.
        <div className="contents" data-auth>
          {authItems}
        </div>
      ) : (
        authItems
      )}
    </>
  );
}

function HeaderBar({
  menu,
  onSignOut,
  htmlFirst,
}: {
  menu: React.ReactNode;
  onSignOut?: () => void;
  htmlFirst: boolean;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
        <LightLink to="/" className="flex items-center gap-2 font-semibold">
          <img src={SITE.logo.src} width={SITE.logo.width} height={SITE.logo.height} alt="" />
          <span>{SITE.brand}</span>
        </LightLink>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavItems onSignOut={onSignOut} htmlFirst={htmlFirst} />
        </nav>
        <div className="hidden lg:block">
          <ThemeSwitch htmlFirst={htmlFirst} />
        </div>
        {menu}
      </div>
    </header>
  );
}

const menuButtonClass = "rounded-md border border-border px-3 py-1.5 text-sm lg:hidden";
const drawerClass = "w-72 max-w-[85vw] flex-col gap-4 border-l border-border bg-background p-5 shadow-xl";
const closeButtonClass = "rounded-md border border-border px-2 py-1 text-sm";

/**
 * One header for every page. The phone drawer is a native modal dialog its button opens by `command`,
 * so it opens before any script: on HTML-first pages, and on portal pages React has not woken yet
 * (docs/decisions/0042-hydrate-on-intent.md). No aria-expanded: HTML forbids it beside `command`.
 */
export function SiteHeader({ htmlFirst = false }: { htmlFirst?: boolean }) {
  const location = useLocation();
  const { signOut } = useAuth();

  // docs/product/screens.md, Site header. Home is HTML-first, a new document, which finishes the
  // sign-out (app/enhancers/site.ts).
  async function handleSignOut() {
    closeSiteMenu();
    if (isProtectedPath(location.pathname)) {
      signOutOnNextPage();
      window.location.assign("/");
      return;
    }
    await signOut();
    await showToast("success", "Signed out");
  }

  // Only where React runs: what the platform may lack (app/lib/site-menu.ts), and a navigation (back
  // and forward too) closes the drawer.
  useEffect(setUpSiteMenu, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(closeSiteMenu, [location.key]);

  const menu = (
    <>
      <button
        type="button"
        className={menuButtonClass}
        aria-label="Open menu"
        aria-haspopup="dialog"
        {...{ commandfor: SITE_MENU_ID, command: "show-modal" }}
        data-menu-open
      >
        Menu
      </button>
      <dialog
        id={SITE_MENU_ID}
        aria-labelledby={`${SITE_MENU_ID}-title`}
        aria-describedby={`${SITE_MENU_ID}-description`}
        className={`${drawerClass} fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none text-foreground open:flex not-open:hidden backdrop:bg-black/50`}
        {...{ closedby: "any" }}
      >
        <div className="flex items-center justify-between">
          <h2 id={`${SITE_MENU_ID}-title`} className="font-semibold">
            Menu
          </h2>
          <button
            type="button"
            className={closeButtonClass}
            aria-label="Close menu"
            {...{ commandfor: SITE_MENU_ID, command: "close" }}
          >
            Close
          </button>
        </div>
        <p id={`${SITE_MENU_ID}-description`} className="sr-only">
          Site navigation
        </p>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          <NavItems htmlFirst={htmlFirst} onNavigate={closeSiteMenu} onSignOut={handleSignOut} />
        </nav>
        <ThemeSwitch htmlFirst={htmlFirst} />
      </dialog>
    </>
  );
  return <HeaderBar menu={menu} onSignOut={handleSignOut} htmlFirst={htmlFirst} />;
}
