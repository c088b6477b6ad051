import { expect, test } from "vitest";
import { sponsorCodeForm } from "./codes";

// A sponsor code's expiry day ends at midnight on the coach's clock, America/Toronto (app/lib/local-time.ts).

const form = (expires: string) => {
  const data = new FormData();
  data.set("code", "UOFT-CS-CLUB");
  data.set("percent", "25");
  data.set("expires", expires);
  return sponsorCodeForm.parse(data);
};

test("the day chosen ends at Toronto's midnight, not UTC's; empty is never", () => {
  expect(form("2026-12-31")).toMatchObject({
    ok: true,
    data: { expires: new Date("2027-01-01T04:59:59.999Z") },
  });
  expect(form("2026-07-15")).toMatchObject({
    ok: true,
    data: { expires: new Date("2026-07-16T03:59:59.999Z") },
  });
  expect(form("")).toMatchObject({ ok: true, data: { expires: null } });
  expect(form("31/12/2026")).toMatchObject({ ok: false });
});
