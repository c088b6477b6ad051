import type { DataStrategyResult } from "react-router";
import { type ShownRouterState, shownRouterState } from "./react-router-internals";

// A background revalidation of the page on screen (live updates, docs/decisions/0014-live-updates.md) that
// gets no answer — offline, or the connection dropped while it travelled — would put the error page over
// it, unsent input and all (an /intake form). Here each route it failed for keeps the data it shows; the
// next revalidation brings the new data. A navigation or a submission that gets no answer still fails.

/** Failed fetch() (no answer, a dropped connection) is a TypeError; a refusal or a loader's throw is not. */
const unreachable = (error: unknown) => error instanceof TypeError;

export function keepShownWhenUnreachable(
  requestUrl: string,
  results: Record<string, DataStrategyResult>,
  shown: ShownRouterState | undefined,
): Record<string, DataStrategyResult> {
  if (shown?.revalidation !== "loading" || shown.navigation.state !== "idle") return results;
  const url = new URL(requestUrl);
  if (url.pathname !== shown.location.pathname || url.search !== shown.location.search) return results;
  const kept = { ...results };
  for (const [routeId, result] of Object.entries(results))
    if (result.type === "error" && unreachable(result.result) && routeId in shown.loaderData)
      kept[routeId] = { type: "data", result: shown.loaderData[routeId] };
  return kept;
}

/** The root's client middleware: the router's state is the page on screen while the revalidation runs. */
export async function keepShownMiddleware(
  { request }: { request: Request },
  next: () => Promise<Record<string, DataStrategyResult>>,
): Promise<Record<string, DataStrategyResult>> {
  const results = await next();
  return keepShownWhenUnreachable(request.url, results, shownRouterState());
}
