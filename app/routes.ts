import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("faq", "routes/marketing/faq.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("next-offer-coaching-program", "routes/marketing/next-offer.tsx"),
  route("workshops", "routes/marketing/workshops.tsx"),
  route("privacy", "routes/marketing/privacy.tsx"),

  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("auth/callback", "routes/auth/callback.ts"),
  route("auth/session", "routes/auth/session.ts"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),

  route("account", "routes/account/index.tsx"),
  route("account/data", "routes/account/data.ts"),

  route("email/unsubscribe/:token", "routes/email/unsubscribe.tsx"),

  route("checkout", "routes/checkout/index.tsx"),
  route("checkout/local", "routes/checkout/local.tsx"),
  route("checkout/success", "routes/checkout/success.tsx"),

  route("demo", "routes/demo/dashboard.tsx"),
  route("demo/plan", "routes/demo/plan.tsx"),

  layout("routes/portal/layout.tsx", [
    route("dashboard", "routes/portal/dashboard.tsx"),
    route("lessons", "routes/portal/lessons.tsx"),
    route("homework", "routes/portal/homework.tsx"),
    route("resources", "routes/portal/resources.tsx"),
    route("plan", "routes/portal/plan.tsx"),
    route("files", "routes/portal/files.tsx"),
    route("files/:fileId", "routes/portal/file.ts"),
    route("billing", "routes/portal/billing.tsx"),
    route("intake", "routes/portal/intake.tsx"),
    route("sessions.ics", "routes/portal/sessions-ics.ts"),
    route("agreement", "routes/portal/agreement.tsx"),
    // docs/decisions/0053-job-search.md. Explicit ids: the authorization matrix names routes by id.
    route("applications", "routes/portal/applications/route.tsx", { id: "routes/portal/applications" }),
    route("applications/offers", "routes/portal/offers.tsx"),
    route("applications/import", "routes/portal/applications-import.tsx"),
    route("applications/export.csv", "routes/portal/applications-export.ts"),
    route("applications/:applicationId", "routes/portal/application.tsx"),
  ]),

  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("clients", "routes/admin/clients.tsx"),
      // An explicit id: the authorization matrix and its tests name routes by id.
      route("clients/:id", "routes/admin/client/route.tsx", { id: "routes/admin/client" }),
      route("clients/:id/files", "routes/admin/client-files.tsx"),
      route("clients/:id/review", "routes/admin/client-review.tsx"),
      route("clients/:id/applications.csv", "routes/admin/client-applications-export.ts"),
      route("files/:fileId", "routes/admin/file.ts"),
      route("homework", "routes/admin/homework.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("job-search", "routes/admin/job-search.tsx"),
      route("job-search/outcomes", "routes/admin/outcomes.tsx"),
      // docs/decisions/0054-business-at-a-glance.md: the admin's.
      route("business", "routes/admin/business.tsx"),
      route("business/ledger", "routes/admin/business-ledger.tsx"),
      route("business/export", "routes/admin/business-export.ts"),
      // The same record: capacity and the funnel, the coach's too.
      route("capacity", "routes/admin/capacity.tsx"),
      route("codes", "routes/admin/codes.tsx"),
      route("intake", "routes/admin/intake.tsx"),
      route("emails", "routes/admin/emails.tsx"),
      route("emails/preview", "routes/admin/email-previews.tsx"),
      route("emails/preview/:kind", "routes/admin/email-preview.tsx"),
      route("agreement", "routes/admin/agreement.tsx"),
      route("emails/:emailId/html", "routes/admin/email-html.ts"),
      route("lessons/new", "routes/admin/lesson-new.tsx"),
      route("lessons/:lessonId", "routes/admin/lesson-edit.tsx"),
    ]),
  ]),

  route("healthz", "routes/resources/healthz.ts"),
  route("events", "routes/resources/events.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
