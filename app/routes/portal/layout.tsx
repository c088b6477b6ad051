import { Outlet } from "react-router";
import { hydrateOnIntent } from "~/lib/hydrate-on-intent";
import { routeAccess } from "~/server/route-access";

// Admins and coaches have no plan: their home is the admin area (docs/decisions/0012-portal.md).
// Children declare the guard too, and a test checks they agree.
export const access = routeAccess({ layout: "portal" });

export const handle = hydrateOnIntent;

export default function PortalLayout() {
  return <Outlet />;
}
