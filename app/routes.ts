import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
