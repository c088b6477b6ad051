import { data } from "react-router";

// Every unknown path is a 404 rendered by the root error boundary (with links back).
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
