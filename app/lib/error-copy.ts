import { isRouteErrorResponse } from "react-router";

/**
 * A refusal's title in words for what happened; never its status text, which a `data()` refusal does not
 * carry (React Router then fills in "Internal Server Error" in the browser).
 */
const REFUSAL_TITLES: Record<number, string> = {
  400: "Couldn't accept that",
  403: "Not allowed",
  404: "Page not found",
  405: "Not possible here",
  409: "Already changed",
  413: "Too large to accept",
  415: "Not a file type we take",
  429: "Too many tries",
};

const GENERIC = "An unexpected error occurred. Please try again in a moment.";

/** A refusal in its own words, a database outage as "we'll be right back", anything else generically. */
export function errorCopy(error: unknown): { title: string; message: string } {
  if (!isRouteErrorResponse(error) || (error.status >= 500 && error.status !== 503))
    return { title: "Something went wrong", message: GENERIC };
  if (error.status === 503)
    return {
      title: "We'll be right back",
      message: "The site is having trouble reaching its database. Please try again in a minute.",
    };
  const reason = typeof error.data === "string" ? error.data : (error.data as { error?: unknown })?.error;
  const own = typeof reason === "string" && reason.trim() !== "" ? reason : null;
  if (error.status === 404)
    return { title: "Page not found", message: own ?? "We couldn't find that page. It may have moved." };
  return {
    title: REFUSAL_TITLES[error.status] ?? "That can't be done",
    message: own ?? "The site couldn't do that. Please go back and try again.",
  };
}
