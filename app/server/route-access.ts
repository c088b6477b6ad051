import { STAFF_CANNOT_BUY } from "~/domain/checkout";
import type { Action } from "~/domain/policy";

// How a route declares who may load it and perform each action (docs/decisions/0026-access-declared-per-route.md,
// docs/SECURITY.md "Access: declared, enforced"). Not `.server`: a plain object, harmless in the browser.

/** `none` answers everyone with `answers`; docs/SECURITY.md "Access: declared, enforced" describes each guard. */
export type Guard = "public" | "guest" | "signed-in" | "signed-in-api" | "portal" | "staff" | "none";

export type Handler = {
  access: Guard;
  policy?: Action;
  /** A role without `policy` sees the portal's read-only demo instead of a 403. */
  otherwise?: "demo";
  refused?: string;
  answers?: 404 | 405;
};

/** Without a `default`, an unknown intent passes only the guard all intents share; the action answers 400. */
export type IntentAccess = { intents: Readonly<Record<string, Handler>>; default?: string };
export type ActionAccess = Handler | IntentAccess;

export type RouteAccess = { layout: Guard } | { loader: Handler; action?: ActionAccess };

export function routeAccess<const T extends RouteAccess>(access: T): T {
  return access;
}

export const PUBLIC = { access: "public" } as const satisfies Handler;
export const PORTAL_PAGE = {
  access: "portal",
  policy: "portal.read-own",
  otherwise: "demo",
} as const satisfies Handler;

/** docs/decisions/0027-payments.md: a visitor signs in first; staff read why they can't buy. */
export const BUYER = {
  access: "signed-in",
  policy: "checkout.start",
  refused: STAFF_CANNOT_BUY,
} as const satisfies Handler;

export const staff = <const P extends Action>(policy: P) => ({ access: "staff", policy }) as const;
export const portal = <const P extends Action>(policy: P) => ({ access: "portal", policy }) as const;

/** Labelled as the matrix names them: `GET`, `POST`, `POST set-role`. */
export function handlersOf(
  access: RouteAccess,
): { method: "GET" | "POST"; intent: string | null; handler: Handler }[] {
  if ("layout" in access) return [];
  const rows: { method: "GET" | "POST"; intent: string | null; handler: Handler }[] = [
    { method: "GET", intent: null, handler: access.loader },
  ];
  const action = access.action;
  if (!action) return rows;
  if ("intents" in action) {
    for (const [intent, handler] of Object.entries(action.intents))
      rows.push({ method: "POST", intent, handler });
  } else rows.push({ method: "POST", intent: null, handler: action });
  return rows;
}

const GUARDS: readonly Guard[] = ["public", "guest", "signed-in", "signed-in-api", "portal", "staff", "none"];

export function isRouteAccess(value: unknown): value is RouteAccess {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  if ("layout" in v) return GUARDS.includes(v.layout as Guard);
  const isHandler = (h: unknown) =>
    typeof h === "object" && h !== null && GUARDS.includes((h as Handler).access);
  if (!isHandler(v.loader)) return false;
  const action = v.action as ActionAccess | undefined;
  if (action === undefined) return true;
  if ("intents" in action) {
    const handlers = Object.values(action.intents ?? {});
    return (
      handlers.length > 0 &&
      handlers.every(isHandler) &&
      (action.default === undefined || action.default in action.intents)
    );
  }
  return isHandler(action);
}
