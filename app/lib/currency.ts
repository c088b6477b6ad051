// The visitor's currency preference (SPEC §3, §4): CAD or USD, from the server's guess, the cookie or
// local storage; a choice is saved in both stores and announced on `window`.
import { parse } from "cookie-es";
import { CURRENCY_COOKIE, CURRENCY_COOKIE_MAX_AGE, type Currency, parseCurrency } from "~/domain/financing";

export const CURRENCY_STORAGE_KEY = "currency";
/** Where the page publishes the currency the server chose, for any script on the page to read first. */
export const CURRENCY_GLOBAL = "__CURRENCY__";
/** Dispatched on `window` when a currency is chosen; `detail` is `{ currency }`. */
export const CURRENCY_EVENT = "currency-ready";
/** Used when nothing is known anywhere (no cookie, storage or country): the coach bills in USD. */
export const DEFAULT_CURRENCY: Currency = "USD";

/** Country headers set by common proxies and hosts, in the order they are trusted. */
export const COUNTRY_HEADERS = [
  "CF-IPCountry",
  "X-Vercel-IP-Country",
  "CloudFront-Viewer-Country",
  "X-Country-Code",
] as const;

// Codes proxies use for "we don't know" (Cloudflare: XX; ZZ is ISO's "unknown"). Cloudflare's T1 (Tor)
// fails the two-letter check below.
const UNKNOWN_COUNTRIES = new Set(["XX", "ZZ"]);

/** Canada pays in CAD, every other known country in USD; no answer for a missing or unknown code. */
export function currencyFromCountry(countryCode: string | null | undefined): Currency | null {
  const code = (countryCode ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || UNKNOWN_COUNTRIES.has(code)) return null;
  return code === "CA" ? "CAD" : "USD";
}

/** The currency from a `Cookie` header or `document.cookie` string; null when absent or invalid. */
export function currencyFromCookieString(cookies: string | null | undefined): Currency | null {
  if (!cookies) return null;
  return parseCurrency(parse(cookies)[CURRENCY_COOKIE]);
}

/** Server: the visitor's own choice (cookie) first, then the country a proxy reports, else unknown. */
export function initialCurrency(request: Request): Currency | null {
  const chosen = currencyFromCookieString(request.headers.get("cookie"));
  if (chosen) return chosen;
  for (const header of COUNTRY_HEADERS) {
    const fromCountry = currencyFromCountry(request.headers.get(header));
    if (fromCountry) return fromCountry;
  }
  return null;
}

/** The first valid currency among sources given in SPEC §4 order (window global, cookie, local storage). */
export function firstCurrency(sources: readonly unknown[]): Currency | null {
  for (const source of sources) {
    const currency = parseCurrency(source);
    if (currency) return currency;
  }
  return null;
}

/** The `Set-Cookie`-style string for `document.cookie`: 30 days, whole site, Lax. */
export function currencyCookie(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

type CurrencyWindow = Window & { [CURRENCY_GLOBAL]?: unknown };

function readLocalStorage(): string | null {
  try {
    return window.localStorage.getItem(CURRENCY_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, strict settings): the cookie still works.
    return null;
  }
}

/** Browser: the stored preference (window global → cookie → local storage), or null. */
export function readStoredCurrency(): Currency | null {
  if (typeof window === "undefined") return null;
  return firstCurrency([
    (window as CurrencyWindow)[CURRENCY_GLOBAL],
    currencyFromCookieString(document.cookie),
    readLocalStorage(),
  ]);
}

/** Browser: remembers a choice in local storage and a cookie (read by the server), then announces it. */
export function saveCurrency(currency: Currency): void {
  (window as CurrencyWindow)[CURRENCY_GLOBAL] = currency;
  try {
    window.localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
  } catch {
    // Blocked storage: the cookie below still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie to render prices in the first byte
  document.cookie = currencyCookie(currency, window.location.protocol === "https:");
  window.dispatchEvent(new CustomEvent(CURRENCY_EVENT, { detail: { currency } }));
}
