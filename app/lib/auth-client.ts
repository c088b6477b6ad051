import type { Viewer } from "~/domain/viewer";

// Shared by React's AuthProvider and the HTML-first pages' enhancer (docs/decisions/0010-header-on-prerendered-pages.md).

/** Null when nobody is signed in, or the server can't say. */
export async function askViewer(): Promise<Viewer | null> {
  const response = await fetch("/auth/session", {
    credentials: "same-origin",
    cache: "no-store",
    headers: { accept: "application/json" },
  });
  return response.ok ? ((await response.json()) as { viewer: Viewer | null }).viewer : null;
}

/** docs/product/states.md, Logout page: a failure is answered, never thrown. */
export async function endSession(): Promise<{ ok: boolean; error?: string }> {
  try {
    const response = await fetch("/auth/sign-out", {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
    const body = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string };
    return response.ok && body.ok
      ? { ok: true }
      : { ok: false, error: body.error ?? `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
