import { type Action, can } from "~/domain/policy";
import type { Viewer } from "~/domain/viewer";
import { refusal } from "./refusal.server";

export { type Action, can, POLICY } from "~/domain/policy";

// Permits: the proof a model function asks for. Every function in app/server/models/ that reads or
// changes a person's records takes a `Permit<action>` instead of a bare viewer, and only this file
// makes one, after asking POLICY. So a loader or action that forgot to ask does not compile: it has
// no permit to pass. The permit carries the person it was granted to: the models take ownership
// ("own rows") and the audit trail's actor from it, never from the request.

declare const granted: unique symbol;

/** Proof that `actor` may perform `action`: made only by `authorize` and `grant` below. */
export type Permit<A extends Action> = {
  readonly actor: Viewer;
  readonly action: A;
  readonly [granted]: true;
};

export const PERMISSION_DENIED = "You don't have permission to do that.";

/** The refusal: 403 with the permission message, nothing changed. */
export function forbidden(message: string = PERMISSION_DENIED): never {
  throw refusal({ ok: false, error: message }, { status: 403, statusText: "Forbidden" });
}

/** A permit when the viewer may perform the action, else null (a page that shows less, or a demo). */
export function grant<A extends Action>(viewer: Viewer | null | undefined, action: A): Permit<A> | null {
  if (!viewer || !can(viewer, action)) return null;
  return Object.freeze({ actor: viewer, action }) as Permit<A>;
}

/** A permit, or a 403 (and nothing changes) when the viewer may not perform the action. */
export function authorize<A extends Action>(viewer: Viewer | null | undefined, action: A): Permit<A> {
  return grant(viewer, action) ?? forbidden();
}
