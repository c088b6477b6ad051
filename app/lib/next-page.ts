// Work handed to the next document through sessionStorage: an HTML-first page is loaded as a new
// document (docs/decisions/0030-html-first-pages.md).

export type ToastMessage = { type: "success" | "error"; title: string; description?: string };

const SIGN_OUT_KEY = "next-page:sign-out";
const TOAST_KEY = "next-page:toast";

function put(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked: the next page simply does not do it.
  }
}

function take(key: string): string | null {
  try {
    const value = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

export function signOutOnNextPage(): void {
  put(SIGN_OUT_KEY, "1");
}

export function takeSignOut(): boolean {
  return take(SIGN_OUT_KEY) === "1";
}

export function toastOnNextPage(message: ToastMessage): void {
  put(TOAST_KEY, JSON.stringify(message));
}

export function takeToast(): ToastMessage | null {
  const raw = take(TOAST_KEY);
  if (!raw) return null;
  try {
    const message = JSON.parse(raw) as Partial<ToastMessage>;
    return (message.type === "success" || message.type === "error") && typeof message.title === "string"
      ? { type: message.type, title: message.title, description: message.description }
      : null;
  } catch {
    return null;
  }
}
