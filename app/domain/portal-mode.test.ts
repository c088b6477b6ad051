import { expect, test } from "vitest";
import { portalMode } from "./portal-mode";

test("forced demo uses the plan parameter, pro by default, whoever is signed in", () => {
  expect(portalMode({ forced: true, role: "client", profilePlan: "basic", planParam: "premium" })).toEqual({
    kind: "demo",
    plan: "premium",
  });
  expect(portalMode({ forced: true, role: null, profilePlan: null, planParam: null })).toEqual({
    kind: "demo",
    plan: "pro",
  });
  expect(portalMode({ forced: true, role: "admin", profilePlan: null, planParam: "gold" })).toEqual({
    kind: "demo",
    plan: "pro",
  });
});

test("a lead and a signed-out visitor get the demo", () => {
  expect(portalMode({ forced: false, role: "lead", profilePlan: null, planParam: "basic" })).toEqual({
    kind: "demo",
    plan: "basic",
  });
  expect(portalMode({ forced: false, role: null, profilePlan: null, planParam: undefined })).toEqual({
    kind: "demo",
    plan: "pro",
  });
});

test("a client gets their own data on their plan, basic when none is set, ignoring ?plan=", () => {
  expect(portalMode({ forced: false, role: "client", profilePlan: "premium", planParam: "basic" })).toEqual({
    kind: "real",
    plan: "premium",
  });
  expect(portalMode({ forced: false, role: "client", profilePlan: null, planParam: "premium" })).toEqual({
    kind: "real",
    plan: "basic",
  });
});
