// /pricing is rendered per request instead, so the visitor's currency is in the first byte; anything
// personal is filled in by the browser after load.
// /next-offer-coaching-program too: its outcome figure is live (docs/decisions/0053-job-search.md, "Outcomes").
export const PRERENDERED_PATHS = ["/", "/about", "/faq", "/workshops", "/privacy"];

export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/faq",
  "/pricing",
  "/next-offer-coaching-program",
  "/workshops",
  "/privacy",
  "/login",
];
