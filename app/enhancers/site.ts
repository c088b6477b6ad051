import { SETTINGS } from "~/content/settings";
import { can } from "~/domain/policy";
import { DEFAULT_THEME, parseTheme } from "~/domain/theme";
import type { Viewer } from "~/domain/viewer";
import { addAnalyticsScripts } from "~/lib/analytics";
import { askViewer, endSession } from "~/lib/auth-client";
import { navClass, PORTAL_DOOR_NO_SCRIPT_CLASS } from "~/lib/nav-class";
import { takeSignOut, takeToast } from "~/lib/next-page";
import { closeSiteMenu, setUpSiteMenu } from "~/lib/site-menu";
import { chooseTheme, followSystemTheme } from "~/lib/theme-client";
import { showToast } from "./toast";

// Every HTML-first page's enhancer (docs/decisions/0030-html-first-pages.md).

// --- Theme (docs/decisions/0006-theme.md) ---------------------------------------------------------

function setUpTheme(): void {
  const groups = [...document.querySelectorAll<HTMLFieldSetElement>("[data-theme-switch]")];
  const radios = groups.flatMap((group) => [
    ...group.querySelectorAll<HTMLInputElement>("input[type=radio]"),
  ]);
  const show = (theme: string) => {
    for (const radio of radios) radio.checked = radio.value === theme;
  };
  show(parseTheme(document.documentElement.dataset.theme) ?? DEFAULT_THEME);
  for (const radio of radios) {
    radio.addEventListener("change", () => {
      const theme = parseTheme(radio.value);
      if (!theme) return;
      chooseTheme(theme);
      show(theme);
    });
  }
  followSystemTheme();
}

// --- Who is signed in (docs/decisions/0010-header-on-prerendered-pages.md) and sign-out ------------

function link(href: string, label: string): HTMLAnchorElement {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.textContent = label;
  const current = window.location.pathname === href;
  anchor.className = navClass(current);
  if (current) anchor.setAttribute("aria-current", "page");
  return anchor;
}

function signOutForm(): HTMLFormElement {
  const form = document.createElement("form");
  form.method = "post";
  form.action = "/logout";
  form.className = "contents";
  form.dataset.signOut = "";
  const button = document.createElement("button");
  button.type = "submit";
  button.className = `${navClass(false)} text-left`;
  button.textContent = "Sign out";
  form.append(button);
  return form;
}

/**
 * The server's "Client Portal" link (for pages read without JavaScript) stays the same node, shown to a
 * visitor and hidden from a signed-in person: a link swapped for another under a press loses the click.
 */
function showViewer(viewer: Viewer | null): void {
  for (const place of document.querySelectorAll<HTMLElement>("[data-auth]")) {
    const door =
      place.querySelector<HTMLAnchorElement>("a[data-portal-door]") ?? link("/login", "Client Portal");
    const current = !viewer && window.location.pathname === "/login";
    door.className = viewer ? PORTAL_DOOR_NO_SCRIPT_CLASS : navClass(current);
    if (current) door.setAttribute("aria-current", "page");
    else door.removeAttribute("aria-current");
    const items: HTMLElement[] = [];
    if (viewer) {
      if (can(viewer, "admin.enter")) items.push(link("/admin", "Admin"));
      if (viewer.role === "client") items.push(link("/dashboard", "Dashboard"));
      items.push(signOutForm());
    }
    for (const child of [...place.children]) if (child !== door) child.remove();
    if (door.parentNode !== place) place.append(door);
    door.before(...items);
  }
}

async function askWhoIsHere(): Promise<void> {
  showViewer(await askViewer().catch(() => null));
}

async function signOut(): Promise<void> {
  closeSiteMenu();
  showViewer(null);
  const result = await endSession();
  showToast(
    result.ok
      ? { type: "success", title: "Signed out" }
      : { type: "error", title: "Sign out failed", description: result.error },
  );
}

function setUpAuth(): void {
  document.addEventListener("submit", (event) => {
    if (!(event.target instanceof HTMLFormElement) || !("signOut" in event.target.dataset)) return;
    event.preventDefault();
    void signOut();
  });
  // A page running React left a protected page to sign out here.
  if (takeSignOut()) void signOut();
  else if (document.querySelector("[data-auth-slot]")) void askWhoIsHere();
}

// --- The rest -------------------------------------------------------------------------------------

function setUpFooterYear(): void {
  for (const year of document.querySelectorAll("[data-current-year]")) {
    year.textContent = String(new Date().getFullYear());
  }
}

setUpTheme();
setUpSiteMenu();
setUpAuth();
setUpFooterYear();
addAnalyticsScripts(SETTINGS.analytics);
const pending = takeToast();
if (pending) showToast(pending);
// Tests wait for this.
document.documentElement.dataset.enhanced = "";
