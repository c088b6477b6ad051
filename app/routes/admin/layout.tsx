import { Outlet, useNavigation } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { LoadingStatus } from "~/components/loading-status";
import { hydrateOnIntent } from "~/lib/hydrate-on-intent";
import { routeAccess } from "~/server/route-access";

// docs/product/roles.md: anyone without "admin.enter" goes to /dashboard. Children declare the guard
// too, and a test checks they agree.
export const access = routeAccess({ layout: "staff" });

export const handle = hydrateOnIntent;

export default function AdminLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <>
      <AdminNav />
      {loading && <LoadingStatus />}
      <div className={loading ? "opacity-60 transition-opacity" : undefined}>
        <Outlet />
      </div>
    </>
  );
}
