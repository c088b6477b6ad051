import { afterEach, expect, test, vi } from "vitest";
import {
  CURRENCY_EVENT,
  CURRENCY_GLOBAL,
  CURRENCY_STORAGE_KEY,
  currencyCookie,
  currencyFromCookieString,
  currencyFromCountry,
  firstCurrency,
  initialCurrency,
  readStoredCurrency,
  saveCurrency,
} from "./currency";

afterEach(() => {
  vi.unstubAllGlobals();
});

function request(headers: Record<string, string>): Request {
  return new Request("http://localhost/pricing", { headers });
}

function fakeBrowser({
  cookie = "",
  stored = null as string | null,
  global = undefined as unknown,
  protocol = "http:",
  storageThrows = false,
} = {}) {
  const storage = new Map<string, string>();
  if (stored !== null) storage.set(CURRENCY_STORAGE_KEY, stored);
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error("blocked");
      return storage.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (storageThrows) throw new Error("blocked");
      storage.set(key, value);
    },
  };
  const win = Object.assign(new EventTarget(), {
    localStorage,
    location: { protocol },
    [CURRENCY_GLOBAL]: global,
  });
  const doc = { cookie };
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", doc);
  return { win, doc, storage };
}

test("Canada pays in CAD, every other known country in USD", () => {
  expect(currencyFromCountry("CA")).toBe("CAD");
  expect(currencyFromCountry("ca")).toBe("CAD");
  expect(currencyFromCountry(" CA ")).toBe("CAD");
  expect(currencyFromCountry("US")).toBe("USD");
  expect(currencyFromCountry("GB")).toBe("USD");
  expect(currencyFromCountry("IN")).toBe("USD");
});

test("a missing or unknown country gives no currency", () => {
  for (const code of [null, undefined, "", "XX", "ZZ", "T1", "CAN", "C", "12"]) {
    expect(currencyFromCountry(code), String(code)).toBeNull();
  }
});

test("the cookie string yields only CAD or USD", () => {
  expect(currencyFromCookieString("theme=dark; currency=CAD")).toBe("CAD");
  expect(currencyFromCookieString("currency=USD")).toBe("USD");
  expect(currencyFromCookieString("currency=cad")).toBeNull();
  expect(currencyFromCookieString("currency=EUR")).toBeNull();
  expect(currencyFromCookieString("theme=dark")).toBeNull();
  expect(currencyFromCookieString("")).toBeNull();
  expect(currencyFromCookieString(null)).toBeNull();
});

test("the server trusts the visitor's cookie over their country", () => {
  expect(initialCurrency(request({ cookie: "currency=USD", "CF-IPCountry": "CA" }))).toBe("USD");
  expect(initialCurrency(request({ cookie: "currency=CAD", "CF-IPCountry": "US" }))).toBe("CAD");
});

test("without a cookie the server uses the country header of any known proxy", () => {
  expect(initialCurrency(request({ "CF-IPCountry": "CA" }))).toBe("CAD");
  expect(initialCurrency(request({ "X-Vercel-IP-Country": "CA" }))).toBe("CAD");
  expect(initialCurrency(request({ "CloudFront-Viewer-Country": "CA" }))).toBe("CAD");
  expect(initialCurrency(request({ "X-Country-Code": "CA" }))).toBe("CAD");
  expect(initialCurrency(request({ "CF-IPCountry": "FR" }))).toBe("USD");
  // An invalid cookie is ignored, and an unknown country falls through to the next header.
  expect(
    initialCurrency(request({ cookie: "currency=EUR", "CF-IPCountry": "XX", "X-Country-Code": "CA" })),
  ).toBe("CAD");
});

test("with neither cookie nor country the server does not guess", () => {
  expect(initialCurrency(request({}))).toBeNull();
  expect(initialCurrency(request({ "CF-IPCountry": "XX" }))).toBeNull();
});

test("the first valid source wins, in the order given", () => {
  expect(firstCurrency(["CAD", "USD", "USD"])).toBe("CAD");
  expect(firstCurrency([undefined, "USD", "CAD"])).toBe("USD");
  expect(firstCurrency(["EUR", null, "CAD"])).toBe("CAD");
  expect(firstCurrency([1, {}, "usd"])).toBeNull();
  expect(firstCurrency([])).toBeNull();
});

test("the cookie lasts 30 days on the whole site with SameSite=Lax, Secure on https", () => {
  expect(currencyCookie("CAD", false)).toBe("currency=CAD; Path=/; Max-Age=2592000; SameSite=Lax");
  expect(currencyCookie("USD", true)).toBe("currency=USD; Path=/; Max-Age=2592000; SameSite=Lax; Secure");
});

test("stored preference is read from the window global, then the cookie, then local storage", () => {
  fakeBrowser({ global: "CAD", cookie: "currency=USD", stored: "USD" });
  expect(readStoredCurrency()).toBe("CAD");

  fakeBrowser({ global: "EUR", cookie: "currency=USD", stored: "CAD" });
  expect(readStoredCurrency()).toBe("USD");

  fakeBrowser({ cookie: "theme=light", stored: "CAD" });
  expect(readStoredCurrency()).toBe("CAD");

  fakeBrowser({ stored: "GBP" });
  expect(readStoredCurrency()).toBeNull();

  fakeBrowser({ stored: "CAD", storageThrows: true });
  expect(readStoredCurrency()).toBeNull();
});

test("with no window (server rendering) nothing is stored", () => {
  expect(readStoredCurrency()).toBeNull();
});

test("saving writes storage and the cookie, updates the global and announces the choice", () => {
  const { win, doc, storage } = fakeBrowser({ global: "USD", protocol: "https:" });
  const heard: unknown[] = [];
  win.addEventListener(CURRENCY_EVENT, (event) => heard.push((event as CustomEvent).detail));

  saveCurrency("CAD");

  expect(storage.get(CURRENCY_STORAGE_KEY)).toBe("CAD");
  expect(doc.cookie).toBe("currency=CAD; Path=/; Max-Age=2592000; SameSite=Lax; Secure");
  expect(win[CURRENCY_GLOBAL]).toBe("CAD");
  expect(heard).toEqual([{ currency: "CAD" }]);
  expect(readStoredCurrency()).toBe("CAD");
});

test("saving still sets the cookie and announces when storage is blocked", () => {
  const { win, doc } = fakeBrowser({ storageThrows: true });
  const heard: unknown[] = [];
  win.addEventListener(CURRENCY_EVENT, (event) => heard.push((event as CustomEvent).detail));

  saveCurrency("USD");

  expect(doc.cookie).toBe("currency=USD; Path=/; Max-Age=2592000; SameSite=Lax");
  expect(heard).toEqual([{ currency: "USD" }]);
});
