// The phone drawer is a native modal <dialog> its button opens by `command` (app/components/site-header.tsx):
// it opens before any script on every page. This adds what the platform may lack, once per document, from
// whichever script runs first: app/enhancers/site.ts, app/enhancers/wake.ts or React.

export const SITE_MENU_ID = "site-menu";

export function siteMenu(): HTMLDialogElement | null {
  return document.querySelector<HTMLDialogElement>(`dialog#${SITE_MENU_ID}`);
}

export function closeSiteMenu(): void {
  siteMenu()?.close();
}

/** One per radio group: its checked radio, or its first. */
function tabStops(root: HTMLElement): HTMLElement[] {
  const candidates = root.querySelectorAll<HTMLElement>(
    "a[href], button:not([disabled]), input:not([disabled])",
  );
  const seenGroups = new Set<string>();
  return [...candidates].filter((element) => {
    if (element.getClientRects().length === 0) return false;
    if (element instanceof HTMLInputElement && element.type === "radio") {
      const group = [
        ...root.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(element.name)}"]`),
      ];
      const stop = group.find((radio) => radio.checked) ?? group[0];
      if (stop !== element || seenGroups.has(element.name)) return false;
      seenGroups.add(element.name);
    }
    return true;
  });
}

export function setUpSiteMenu(): void {
  const dialog = siteMenu();
  const button = document.querySelector<HTMLButtonElement>("[data-menu-open]");
  if (!dialog || !button || "menuReady" in dialog.dataset) return;
  dialog.dataset.menuReady = "";
  // Browsers before invoker commands open and close it here.
  if (!("command" in HTMLButtonElement.prototype)) {
    button.addEventListener("click", () => dialog.showModal());
    for (const close of dialog.querySelectorAll("[command=close]")) {
      close.addEventListener("click", () => dialog.close());
    }
    // What `closedby="any"` does: a press on the backdrop closes it.
    dialog.addEventListener("click", (event) => {
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (event.target === dialog && !inside) dialog.close();
    });
  }
  // A modal dialog lets Tab leave for the browser's own controls: keep it inside.
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const stops = tabStops(dialog);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}
