import { describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "./db.server";
import { getPerson, setPlan } from "./models/people.server";
import { authorize, grant, PERMISSION_DENIED, type Permit } from "./policy.server";

// Each `@ts-expect-error` below proves a missed check does not compile (tsc fails on an unused one).

const person = (role: Viewer["role"]): Viewer => ({
  id: "p",
  email: `${role}@example.com`,
  fullName: null,
  role,
  plan: null,
});
const db = undefined as unknown as Db;

describe("authorize and grant", () => {
  test("a permit for what POLICY allows, holding who it was granted to", () => {
    const permit = authorize(person("admin"), "profile.set-plan");
    expect(permit).toMatchObject({ action: "profile.set-plan", actor: { role: "admin" } });
    expect(Object.isFrozen(permit)).toBe(true);
    expect(grant(person("coach"), "client.read")?.actor.role).toBe("coach");
  });

  test("otherwise a 403 with the permission message (authorize) or null (grant)", () => {
    for (const viewer of [person("coach"), person("client"), person("lead"), null]) {
      let refusal: unknown;
      try {
        authorize(viewer, "profile.set-plan");
      } catch (thrown) {
        refusal = thrown;
      }
      expect(refusal).toMatchObject({ init: { status: 403 }, data: { ok: false, error: PERMISSION_DENIED } });
      expect(grant(viewer, "profile.set-plan")).toBeNull();
    }
  });
});

test("a model function takes only a permit for its own action (checked by tsc)", () => {
  const calls = [
    // @ts-expect-error a bare viewer is no permit
    () => getPerson(db, person("admin"), "id"),
    // @ts-expect-error a permit for another action is not this one
    () => setPlan(db, authorize(person("admin"), "client.read"), "id", "pro"),
    // @ts-expect-error a hand-made object lacks the brand only policy.server.ts can give
    () => getPerson(db, { actor: person("admin"), action: "client.read" }, "id"),
  ];
  const ok: Permit<"client.read"> = authorize(person("coach"), "client.read");
  expect(calls).toHaveLength(3);
  expect(ok.action).toBe("client.read");
});
