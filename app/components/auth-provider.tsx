import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useRevalidator } from "react-router";
import type { Viewer } from "~/domain/viewer";
import { askViewer, endSession } from "~/lib/auth-client";

// The browser's view of who is signed in (SPEC §4 auth context). Server-rendered pages know it
// from the first byte; pre-rendered pages (the same HTML for everyone) ask the server after load,
// and show a placeholder until then.

export type AuthState = {
  /** True while the browser is still asking who is signed in. */
  loading: boolean;
  /** True once loading is over (the profile comes with the session, so nothing else is awaited). */
  authReady: boolean;
  viewer: Viewer | null;
  /** Ends this session at once, then every session of this person; a failure is swallowed. */
  signOut(): Promise<{ ok: boolean; error?: string }>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({
  serverViewer,
  serverData,
  known,
  children,
}: {
  serverViewer: Viewer | null;
  /** The root loader's data object: a new one means the server answered again. */
  serverData: unknown;
  /** Whether `serverViewer` was computed for this request (false on pre-rendered pages and their data). */
  known: boolean;
  children: ReactNode;
}) {
  const [viewer, setViewer] = useState<Viewer | null>(known ? serverViewer : null);
  const [loading, setLoading] = useState(!known);
  // Whether the browser already knows who is here (a ref: asking must not re-run the effect).
  const asked = useRef(known);
  const revalidator = useRevalidator();

  // Fresh server data (a revalidation, a server-rendered navigation) brings fresh knowledge; a
  // pre-rendered page's build-time data says nothing about who is here and is ignored. The first
  // render already holds the server's answer: syncing again on mount would undo a sign-out that a
  // child started in its own (earlier-running) effect.
  const lastServerData = useRef(serverData);
  useEffect(() => {
    if (!known || lastServerData.current === serverData) return;
    lastServerData.current = serverData;
    setViewer(serverViewer);
    setLoading(false);
    asked.current = true;
  }, [known, serverData, serverViewer]);

  useEffect(() => {
    if (known || asked.current) return;
    asked.current = true;
    let cancelled = false;
    askViewer()
      .then((who) => !cancelled && setViewer(who))
      .catch(() => !cancelled && setViewer(null))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [known]);

  const signOut = useCallback(async () => {
    setViewer(null);
    setLoading(false);
    try {
      return await endSession();
    } finally {
      revalidator.revalidate();
    }
  }, [revalidator]);

  const value = useMemo<AuthState>(
    () => ({ loading, authReady: !loading, viewer, signOut }),
    [loading, viewer, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
