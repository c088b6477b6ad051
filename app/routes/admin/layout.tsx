import { Outlet, useNavigation } from "react-router";
import { requireStaff } from "~/server/auth/context.server";
import type { Route } from "./+types/layout";

// Admin and coach only: signed out → /login, anyone else → /dashboard (SPEC §2). Middleware, so
// every child loader, action and fetcher call is covered.
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export default function AdminLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <>
      {loading && (
        <div role="status" className="mx-auto max-w-6xl px-4 pt-4 text-sm text-muted-foreground">
          Loading…
        </div>
      )}
      <div className={loading ? "opacity-60 transition-opacity" : undefined}>
        <Outlet />
      </div>
    </>
  );
}
