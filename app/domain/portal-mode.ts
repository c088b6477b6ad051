import { demoPlan, effectivePlan, type Plan, type Role } from "./plans";

export type PortalMode = { kind: "demo"; plan: Plan } | { kind: "real"; plan: Plan };

/**
 * SPEC §4: demo when forced (/demo, /demo/plan), when the person is a lead, or without a session;
 * the demo plan comes from ?plan= (default pro). Otherwise real, on the profile's plan (default basic).
 */
export function portalMode(input: {
  forced: boolean;
  role: Role | null;
  profilePlan: unknown;
  planParam: unknown;
}): PortalMode {
  if (input.forced || input.role === null || input.role === "lead") {
    return { kind: "demo", plan: demoPlan(input.planParam) };
  }
  return { kind: "real", plan: effectivePlan(input.profilePlan) };
}
