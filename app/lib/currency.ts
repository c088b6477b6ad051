// The visitor's currency (docs/product/states.md, Currency): a choice is saved in both stores and announced on `window`.
import { parse } from "cookie-es";
import { CURRENCY_COOKIE, CURRENCY_COOKIE_MAX_AGE, type Currency, parseCurrency } from "~/domain/financing";
import type { RequestHeaders } from "./request-headers";

export const CURRENCY_STORAGE_KEY = "currency";
export const CURRENCY_GLOBAL = "__CURRENCY__";
export const CURRENCY_EVENT = "currency-ready";
/** The coach bills in USD when nothing is known. */
export const DEFAULT_CURRENCY: Currency = "USD";

/** In the order they are trusted. */
export const COUNTRY_HEADERS = [
  "CF-IPCountry",
  "X-Vercel-IP-Country",
  "CloudFront-Viewer-Country",
  "X-Country-Code",
] as const;

// "We don't know" codes (Cloudflare: XX; ISO: ZZ). Cloudflare's T1 (Tor) fails the two-letter check.
const UNKNOWN_COUNTRIES = new Set(["XX", "ZZ"]);

export function currencyFromCountry(countryCode: string | null | undefined): Currency | null {
  const code = (countryCode ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || UNKNOWN_COUNTRIES.has(code)) return null;
  return code === "CA" ? "CAD" : "USD";
}

export function currencyFromCookieString(cookies: string | null | undefined): Currency | null {
  if (!cookies) return null;
  return parseCurrency(parse(cookies)[CURRENCY_COOKIE]);
}

/** The visitor's own choice (cookie) before the country a proxy reports. */
export function initialCurrency(request: RequestHeaders): Currency | null {
  const chosen = currencyFromCookieString(request.headers.get("cookie"));
  if (chosen) return chosen;
  for (const header of COUNTRY_HEADERS) {
    const fromCountry = currencyFromCountry(request.headers.get(header));
    if (fromCountry) return fromCountry;
  }
  return null;
}

/** In docs/product/states.md's order: window global, cookie, local storage. */
export function firstCurrency(sources: readonly unknown[]): Currency | null {
  for (const source of sources) {
    const currency = parseCurrency(source);
    if (currency) return currency;
  }
  return null;
}

export function currencyCookie(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

type CurrencyWindow = Window & { [CURRENCY_GLOBAL]?: unknown };

function readLocalStorage(): string | null {
  try {
    return window.localStorage.getItem(CURRENCY_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode): the cookie still works.
    return null;
  }
}

export function readStoredCurrency(): Currency | null {
  if (typeof window === "undefined") return null;
  return firstCurrency([
    (window as CurrencyWindow)[CURRENCY_GLOBAL],
    currencyFromCookieString(document.cookie),
    readLocalStorage(),
  ]);
}

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
