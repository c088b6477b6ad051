import { type Action, can } from "~/domain/policy";
import type { Viewer } from "~/domain/viewer";
import { refusal } from "./refusal.server";

export { type Action, can, POLICY } from "~/domain/policy";

// A model function that reads or changes a person's records takes a `Permit`, which only this file makes,
// so a handler that forgot to ask POLICY does not compile (docs/decisions/0026-access-declared-per-route.md).

declare const granted: unique symbol;

/** Made only by `authorize` and `grant` below. */
export type Permit<A extends Action> = {
  readonly actor: Viewer;
  readonly action: A;
  readonly [granted]: true;
};

export const PERMISSION_DENIED = "You don't have permission to do that.";

export function forbidden(message: string = PERMISSION_DENIED): never {
  throw refusal({ ok: false, error: message }, { status: 403, statusText: "Forbidden" });
}

export function grant<A extends Action>(viewer: Viewer | null | undefined, action: A): Permit<A> | null {
  if (!viewer || !can(viewer, action)) return null;
  return Object.freeze({ actor: viewer, action }) as Permit<A>;
}

export function authorize<A extends Action>(viewer: Viewer | null | undefined, action: A): Permit<A> {
  return grant(viewer, action) ?? forbidden();
}
