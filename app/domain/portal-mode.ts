import { demoPlan, effectivePlan, type Plan, type Role } from "./plans";

export type PortalMode = { kind: "demo"; plan: Plan } | { kind: "real"; plan: Plan };

/** docs/product/states.md, Dashboard mode. */
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
