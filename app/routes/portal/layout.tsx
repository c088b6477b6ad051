import { Outlet } from "react-router";
import { routeAccess } from "~/server/route-access";

// Every portal route needs a session: signed-out visitors go to /login, which remembers where they
// were going; admins and coaches have no plan of their own, their home is the admin area
// (docs/decisions/0012). The `portal` guard, enforced for every child loader, action and fetcher call
// by app/server/auth/access.server.ts; each child declares it too (a test checks they agree).
export const access = routeAccess({ layout: "portal" });

export default function PortalLayout() {
  return <Outlet />;
}
