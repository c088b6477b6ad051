import { expect, test } from "vitest";
import { systemActorLabel } from "./audit-actions";

test("the trail names a system that made a change by its `via`, and nothing else as one", () => {
  expect(systemActorLabel("stripe")).toBe("Stripe");
  expect(systemActorLabel("cal.com")).toBe("Cal.com");
  expect(systemActorLabel("toString")).toBeNull();
  expect(systemActorLabel(undefined)).toBeNull();
  expect(systemActorLabel(7)).toBeNull();
});
