import { data } from "react-router";
import { routeAccess } from "~/server/route-access";

export const access = routeAccess({ loader: { access: "none", answers: 404 } });

export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
