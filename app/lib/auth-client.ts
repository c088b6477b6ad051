import type { Viewer } from "~/domain/viewer";

// The browser's two questions to the server about signing in (SPEC §4), shared by React's AuthProvider and
// the HTML-first pages' enhancer (docs/decisions/0010, 0030).

/** Who is signed in, from `GET /auth/session`; null when nobody is, or the server can't say. */
export async function askViewer(): Promise<Viewer | null> {
  const response = await fetch("/auth/session", {
    credentials: "same-origin",
    cache: "no-store",
    headers: { accept: "application/json" },
  });
  return response.ok ? ((await response.json()) as { viewer: Viewer | null }).viewer : null;
}

/** Ends this session at once, then every session of this person; a failure is answered, never thrown. */
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
