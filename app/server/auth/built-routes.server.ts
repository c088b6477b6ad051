import type { ServerBuild } from "react-router";

// The build's own route manifest, the same object the request handler serves from; imported lazily
// because this module is part of that build.
export async function builtRoutes(): Promise<ServerBuild["routes"]> {
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  return build.routes;
}
