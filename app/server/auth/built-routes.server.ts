import type { ServerBuild } from "react-router";

// The build's own route manifest (ids, paths, modules), for the access middleware: the same object
// the request handler serves from, in `react-router build` and `react-router dev` alike. Imported
// lazily: this module is part of that build.
export async function builtRoutes(): Promise<ServerBuild["routes"]> {
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  return build.routes;
}
