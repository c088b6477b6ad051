import { Outlet, useNavigation } from "react-router";
import { LoadingStatus } from "~/components/loading-status";
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
      {loading && <LoadingStatus />}
      <div className={loading ? "opacity-60 transition-opacity" : undefined}>
        <Outlet />
      </div>
    </>
  );
}
