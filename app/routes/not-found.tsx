import { data } from "react-router";
import { routeAccess } from "~/server/route-access";

// Who may load this page (and use its action): enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: { access: "none", answers: 404 } });

// Every unknown path is a 404 rendered by the root error boundary (with links back).
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
