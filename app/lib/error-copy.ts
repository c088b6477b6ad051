import { isRouteErrorResponse } from "react-router";

/** A refusal in its own words, a database outage as "we'll be right back", anything else generically. */
export function errorCopy(error: unknown): { title: string; message: string } {
  if (!isRouteErrorResponse(error))
    return {
      title: "Something went wrong",
      message: "An unexpected error occurred. Please try again in a moment.",
    };
  if (error.status === 503)
    return {
      title: "We'll be right back",
      message: "The site is having trouble reaching its database. Please try again in a minute.",
    };
  const reason = typeof error.data === "string" ? error.data : (error.data as { error?: unknown })?.error;
  const own = error.status < 500 && typeof reason === "string" && reason.trim() !== "" ? reason : null;
  if (error.status === 404)
    return { title: "Page not found", message: own ?? "We couldn't find that page. It may have moved." };
  return {
    title: `${error.status} ${error.statusText}`,
    message: own ?? "An unexpected error occurred. Please try again in a moment.",
  };
}
