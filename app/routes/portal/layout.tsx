import { Outlet, redirect } from "react-router";
import { isStaff } from "~/domain/viewer";
import { requireViewer, viewerContext } from "~/server/auth/context.server";
import type { Route } from "./+types/layout";

// Every portal route needs a session: signed-out visitors go to /login, which remembers where they
// were going. Middleware, not a loader, so child actions and fetcher calls are covered too.
// Admins and coaches have no plan of their own: their home is the admin area (docs/decisions/0012).
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }, next) => {
    const viewer = requireViewer(request, context.get(viewerContext));
    if (isStaff(viewer.role)) throw redirect("/admin");
    return next();
  },
];

export default function PortalLayout() {
  return <Outlet />;
}
