import { Outlet, useNavigation } from "react-router";
import { LoadingStatus } from "~/components/loading-status";
import { routeAccess } from "~/server/route-access";

// Admin and coach only (anyone with POLICY "admin.enter"): signed out → /login, anyone else →
// /dashboard (SPEC §2). The `staff` guard, enforced for every child loader, action and fetcher call by
// app/server/auth/access.server.ts; each child declares it too (a test checks they agree).
export const access = routeAccess({ layout: "staff" });

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
