import { Outlet } from "react-router";
import { requireSignedIn } from "~/server/auth/context.server";
import type { Route } from "./+types/layout";

// Every portal route needs a session: signed-out visitors go to /login, which remembers where
// they were going. Middleware, not a loader, so child actions and fetcher calls are covered too.
export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

export default function PortalLayout() {
  return <Outlet />;
}
