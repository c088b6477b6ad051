import { expect, test, vi } from "vitest";
import { SETTINGS } from "~/content/settings";
import { assertValidSettings, parseSettings } from "./settings.server";

test("the shipped settings are valid", () => {
  expect(parseSettings(SETTINGS)).toEqual(SETTINGS);
});

test("a scheduling embed without a link fails loudly", () => {
  const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
  const broken = { ...SETTINGS, scheduling: { ...SETTINGS.scheduling, link: "  " } };
  expect(() => assertValidSettings(broken)).toThrow("a scheduling embed requires a link");
  quiet.mockRestore();
});

test("every wrong field is named in the one error", () => {
  const broken = {
    ...SETTINGS,
    operator: { ...SETTINGS.operator, email: "nope", siteUrl: "http://insecure.example" },
    analytics: [
      {
        name: "Stats",
        scriptSrc: "https://stats.example/script.js",
        siteId: " ",
        siteIdAttribute: "data-id",
      },
    ],
  };
  expect(() => parseSettings(broken)).toThrow(
    /operator\.email: .*operator\.siteUrl: .*analytics\.0\.siteId: /,
  );
});

test("an analytics tool needs a name to be named on /privacy, and loads over https", () => {
  const tool = { name: "", scriptSrc: "http://stats.example/s.js", siteId: "x", siteIdAttribute: "data-id" };
  expect(() => parseSettings({ ...SETTINGS, analytics: [tool] })).toThrow(
    /analytics\.0\.name: must not be blank; analytics\.0\.scriptSrc: must be an https:\/\/ URL/,
  );
});

test("an event type that counts as both a session and a mock interview is refused", () => {
  const both = {
    ...SETTINGS,
    bookings: { ...SETTINGS.bookings, eventTypes: { session_30m: ["call"], mock_interview: ["call"] } },
  };
  expect(() => parseSettings(both)).toThrow("an event type can count as one kind only");
  expect(() =>
    parseSettings({ ...SETTINGS, bookings: { ...SETTINGS.bookings, cancelNoticeHours: -1 } }),
  ).toThrow("bookings.cancelNoticeHours");
});

test("trusting the booker's email alone is off by default and must be a yes or no", () => {
  expect(SETTINGS.bookings.trustBookerEmail).toBe(false);
  const { trustBookerEmail: _, ...without } = SETTINGS.bookings;
  expect(() => parseSettings({ ...SETTINGS, bookings: without })).toThrow("bookings.trustBookerEmail");
  expect(() =>
    parseSettings({ ...SETTINGS, bookings: { ...SETTINGS.bookings, trustBookerEmail: "yes" } }),
  ).toThrow("bookings.trustBookerEmail: must be true or false");
});

test("session reminders: a day before by default, at most two, each at its own time", () => {
  expect(SETTINGS.bookings.reminderHoursBefore).toEqual([24]);
  const withHours = (reminderHoursBefore: unknown) =>
    parseSettings({ ...SETTINGS, bookings: { ...SETTINGS.bookings, reminderHoursBefore } });
  expect(withHours([24, 1]).bookings.reminderHoursBefore).toEqual([24, 1]);
  expect(withHours([]).bookings.reminderHoursBefore).toEqual([]);
  expect(() => withHours([24, 1, 2])).toThrow("at most two reminders");
  expect(() => withHours([24, 24])).toThrow("each reminder at a different time");
  expect(() => withHours([0])).toThrow("bookings.reminderHoursBefore");
});

test("Stripe Tax is off unless the coach turns it on, and must be true or false", () => {
  expect(SETTINGS.payments.automaticTax).toBe(false);
  expect(parseSettings({ ...SETTINGS, payments: { automaticTax: true } }).payments.automaticTax).toBe(true);
  expect(() => parseSettings({ ...SETTINGS, payments: { automaticTax: "yes" } })).toThrow(
    "payments.automaticTax: must be true or false",
  );
  expect(() => parseSettings({ ...SETTINGS, payments: {} })).toThrow("payments.automaticTax");
});
