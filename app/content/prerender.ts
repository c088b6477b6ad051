// Public pages served as pre-rendered HTML. /pricing is rendered per request instead, so the
// visitor's currency (cookie or country) is known in the first byte. Anything personal on them (the header's
// signed-in links, today's date) is filled in by the browser after load.
export const PRERENDERED_PATHS = [
  "/",
  "/about",
  "/faq",
  "/next-offer-coaching-program",
  "/workshops",
  "/privacy",
];

/** Every public page: the pre-rendered ones, pricing, and the portal's door (sitemap, benchmark, tests). */
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
