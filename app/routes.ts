import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("faq", "routes/marketing/faq.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("next-offer-coaching-program", "routes/marketing/next-offer.tsx"),
  route("workshops", "routes/marketing/workshops.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
