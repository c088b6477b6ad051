import type { ToastMessage } from "~/lib/next-page";

// Without a library: a polite live region (docs/product/constants.md, Other).

const DURATION_MS = 4000;
const TONE: Record<ToastMessage["type"], string> = {
  success: "border-success/40 text-success",
  error: "border-danger/40 text-danger",
};

function region(): HTMLOListElement {
  const existing = document.querySelector<HTMLOListElement>("ol[data-toasts]");
  if (existing) return existing;
  const list = document.createElement("ol");
  list.dataset.toasts = "";
  list.setAttribute("aria-label", "Notifications");
  list.setAttribute("aria-live", "polite");
  list.className = "fixed top-4 right-4 z-[60] flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2";
  document.body.append(list);
  return list;
}

export function showToast({ type, title, description }: ToastMessage, duration = DURATION_MS): HTMLElement {
  const item = document.createElement("li");
  item.dataset.toast = "";
  item.dataset.type = type;
  item.setAttribute("role", "status");
  item.className = `flex items-start gap-3 rounded-lg border bg-card p-4 text-sm shadow-lg ${TONE[type]}`;
  const text = document.createElement("div");
  text.className = "flex-1";
  const heading = document.createElement("div");
  heading.dataset.title = "";
  heading.className = "font-semibold";
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const more = document.createElement("div");
    more.dataset.description = "";
    more.className = "mt-1 text-card-foreground";
    more.textContent = description;
    text.append(more);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "rounded px-1 text-card-foreground hover:bg-muted";
  close.setAttribute("aria-label", "Close notification");
  close.textContent = "×";
  item.append(text, close);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const remove = () => {
    clearTimeout(timer);
    item.remove();
  };
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(remove, duration);
  };
  const hold = () => clearTimeout(timer);
  close.addEventListener("click", remove);
  item.addEventListener("mouseenter", hold);
  item.addEventListener("mouseleave", wait);
  item.addEventListener("focusin", hold);
  item.addEventListener("focusout", wait);
  region().append(item);
  wait();
  return item;
}
