import { useEffect } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { PRIMARY_NAV, SITE } from "~/content/site";
import { can } from "~/domain/policy";
import { isProtectedPath } from "~/domain/viewer";
import { useAuth } from "./auth-provider";
import { ThemeSwitch } from "./theme-switch";
import { notify } from "./toast";
import { useLazyDialog } from "./ui/lazy-dialog";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-1.5 text-sm transition-colors hover:bg-muted ${
    isActive ? "font-semibold text-foreground" : "text-muted-foreground"
  }`;

/** Pages the header's "Dashboard" stands for: the portal's tabs. */
const PORTAL_PATHS = ["/dashboard", "/lessons", "/homework", "/resources", "/plan"];

function NavItems({ onNavigate, onSignOut }: { onNavigate?: () => void; onSignOut: () => void }) {
  const { loading, viewer } = useAuth();
  const { pathname } = useLocation();
  const inPortal = PORTAL_PATHS.includes(pathname);
  return (
    <>
      {PRIMARY_NAV.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      {loading ? (
        // SPEC §2: a placeholder while the browser learns who is signed in.
        <span className="inline-block h-7 w-24 animate-pulse rounded-md bg-muted" role="status">
          <span className="sr-only">Checking your sign-in…</span>
        </span>
      ) : viewer ? (
        <>
          {can(viewer, "admin.enter") && (
            <NavLink to="/admin" className={navClass} onClick={onNavigate}>
              Admin
            </NavLink>
          )}
          {viewer.role === "client" && (
            <NavLink
              to="/dashboard"
              className={({ isActive }) => navClass({ isActive: isActive || inPortal })}
              onClick={onNavigate}
            >
              Dashboard
            </NavLink>
          )}
          <button type="button" className={`${navClass({ isActive: false })} text-left`} onClick={onSignOut}>
            Sign out
          </button>
        </>
      ) : (
        <NavLink to="/login" className={navClass} onClick={onNavigate}>
          Client Portal
        </NavLink>
      )}
    </>
  );
}

export function SiteHeader() {
  // The drawer's dialog code loads on intent to open it: desktop visits never download it.
  const { Dialog, open, setOpen, triggerProps, onCloseAutoFocus } = useLazyDialog();
  const location = useLocation();

  const navigate = useNavigate();
  const { signOut } = useAuth();

  // SPEC §2: close the menu, leave a protected page first, then sign out and say so.
  async function handleSignOut() {
    setOpen(false);
    if (isProtectedPath(location.pathname)) await navigate("/");
    await signOut();
    await notify("success", "Signed out");
  }

  // Navigating (including back/forward) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <img src={SITE.logo.src} width={SITE.logo.width} height={SITE.logo.height} alt="" />
          <span>{SITE.brand}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavItems onSignOut={handleSignOut} />
        </nav>
        <div className="hidden lg:block">
          <ThemeSwitch />
        </div>
        <button
          {...triggerProps}
          className="rounded-md border border-border px-3 py-1.5 text-sm lg:hidden"
          aria-label="Open menu"
        >
          Menu
        </button>
        {Dialog ? (
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
              <Dialog.Content
                className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-l border-border bg-background p-5 shadow-xl"
                onCloseAutoFocus={onCloseAutoFocus}
              >
                <div className="flex items-center justify-between">
                  <Dialog.Title className="font-semibold">Menu</Dialog.Title>
                  <Dialog.Close
                    className="rounded-md border border-border px-2 py-1 text-sm"
                    aria-label="Close menu"
                  >
                    Close
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
                <nav aria-label="Mobile" className="flex flex-col gap-1">
                  <NavItems onNavigate={() => setOpen(false)} onSignOut={handleSignOut} />
                </nav>
                <ThemeSwitch />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        ) : null}
      </div>
    </header>
  );
}
