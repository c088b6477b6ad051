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

// The browser's view of who is signed in (docs/product/states.md, Auth); pre-rendered pages ask the
// server after load and show a placeholder until then.

export type AuthState = {
  loading: boolean;
  /** The profile comes with the session, so nothing else is awaited. */
  authReady: boolean;
  viewer: Viewer | null;
  /** A failure is swallowed. */
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
  serverData: unknown;
  /** False on pre-rendered pages and their data. */
  known: boolean;
  children: ReactNode;
}) {
  const [viewer, setViewer] = useState<Viewer | null>(known ? serverViewer : null);
  const [loading, setLoading] = useState(!known);
  // A ref: asking must not re-run the effect.
  const asked = useRef(known);
  const revalidator = useRevalidator();

  // A pre-rendered page's build-time data says nothing about who is here. Not synced on mount: that
  // would undo a sign-out a child started in its own, earlier effect.
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
