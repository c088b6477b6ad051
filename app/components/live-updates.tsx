import { useEffect, useRef } from "react";
import { useLocation, useRevalidator } from "react-router";
import { can } from "~/domain/policy";
import { answerOnScreen } from "~/lib/react-router-internals";
import { useAuth } from "./auth-provider";

// One EventSource on /events; an event about this page revalidates its loaders (docs/decisions/0014-live-updates.md,
// 0037-live-catch-up.md).

const DEBOUNCE_MS = 150;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

type Change = { kind: string; clientId?: string; userId?: string };

/** Staff pages that show every client's records: any client's change revalidates them. */
const STAFF_PAGES_OF_EVERYONE = new Set(["/admin", "/admin/clients", "/admin/payments", "/admin/job-search"]);

function staffPageShows(pathname: string, clientId: string | undefined): boolean {
  if (STAFF_PAGES_OF_EVERYONE.has(pathname)) return true;
  const detail = pathname.match(/^\/admin\/clients\/([0-9a-f-]{36})$/i);
  return detail !== null && detail[1] === clientId;
}

function documentRenderedAt(): number | null {
  const value: unknown = (window as { __liveSince?: unknown }).__liveSince;
  return typeof value === "number" ? value : null;
}

function unlessAborted(error: unknown): void {
  if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
}

export function LiveUpdates() {
  const { viewer } = useAuth();
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ revalidator, pathname, viewer });
  latest.current = { revalidator, pathname, viewer };
  const userId = viewer?.id ?? null;
  const role = viewer?.role ?? null;
  // A new stream catches up once on what was said while none was open.
  const hadStream = useRef(false);
  // The earliest render time is the safe one: a navigation does not run every loader again.
  const since = useRef(documentRenderedAt());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new role is a new audience, so a new stream.
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    // Asked for while offline: run when the browser is back. Asked offline, the page's data can't come and
    // React Router would put the error page over what is on screen, unsent input and all (an /intake form).
    let heldOffline = false;

    const revalidate = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        if (!navigator.onLine) {
          heldOffline = true;
          return;
        }
        // Held while the page shows the answer to the person's own submission, which a revalidation would
        // drop (app/lib/react-router-internals.ts); their next navigation loads the page afresh anyway.
        if (answerOnScreen()) return;
        const { revalidator: current } = latest.current;
        // A navigation that interrupts it aborts it: nothing to report, the navigation loads afresh.
        if (current.state === "idle") current.revalidate().catch(unlessAborted);
        else revalidate();
      }, DEBOUNCE_MS);
    };

    const connect = () => {
      if (stopped) return;
      source = new EventSource(since.current === null ? "/events" : `/events?since=${since.current}`);
      source.addEventListener("ready", () => {
        failures = 0;
        if (hadStream.current) revalidate();
        hadStream.current = true;
      });
      source.addEventListener("change", (message) => {
        let change: Change;
        try {
          change = JSON.parse((message as MessageEvent<string>).data) as Change;
        } catch {
          return;
        }
        const { pathname: path, viewer: who } = latest.current;
        // A practice setting (sessions' expiry) changes what every signed-in person's pages show.
        const aboutMe = change.kind === "practice" || change.userId === userId || change.clientId === userId;
        if (aboutMe || (can(who, "client.read") && staffPageShows(path, change.clientId))) revalidate();
      });
      source.addEventListener("resync", () => revalidate());
      source.addEventListener("reauth", () => {
        // The server ended the stream: revalidate (the guards redirect) and reconnect as whoever the person now is.
        revalidate();
      });
      source.onerror = () => {
        // EventSource retries a dropped connection itself; a refusal closes it for good, so retry here, slower each time.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** failures) * (0.5 + Math.random());
        failures += 1;
        retry = setTimeout(connect, delay);
      };
    };
    const online = () => {
      if (!heldOffline) return;
      heldOffline = false;
      revalidate();
    };
    window.addEventListener("online", online);
    connect();

    return () => {
      stopped = true;
      window.removeEventListener("online", online);
      clearTimeout(debounce);
      clearTimeout(retry);
      source?.close();
    };
  }, [userId, role]);

  return null;
}
