// /pricing is rendered per request instead, so the visitor's currency is in the first byte; anything
// personal is filled in by the browser after load.
export const PRERENDERED_PATHS = [
  "/",
  "/about",
  "/faq",
  "/next-offer-coaching-program",
  "/workshops",
  "/privacy",
];

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
