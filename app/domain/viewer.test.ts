import { describe, expect, test } from "vitest";
import { isProtectedPath, safeRedirect } from "./viewer";

describe("safeRedirect accepts only same-site paths", () => {
  const accepted: [string, string][] = [
    ["/dashboard", "/dashboard"],
    ["/lessons?sort=new", "/lessons?sort=new"],
    ["/admin/clients/42#activity", "/admin/clients/42#activity"],
    ["/demo?plan=basic", "/demo?plan=basic"],
    ["/a/../b", "/b"],
    ["/%0a/evil", "/%0a/evil"],
  ];
  for (const [input, expected] of accepted) {
    test(`${input} → ${expected}`, () => expect(safeRedirect(input)).toBe(expected));
  }

  const refused = [
    "https://evil.example/dashboard",
    "http://localhost:3000/dashboard",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    " /dashboard",
    "/login",
    "/login?redirectTo=/admin",
    "/auth/callback?code=x",
    "/logout",
    `/${"a".repeat(3000)}`,
  ];
  for (const input of refused) {
    test(`refuses ${JSON.stringify(input.slice(0, 40))}`, () =>
      expect(safeRedirect(input)).toBe("/dashboard"));
  }

  test("non-strings fall back", () => {
    expect(safeRedirect(undefined)).toBe("/dashboard");
    expect(safeRedirect(null, "/")).toBe("/");
    expect(safeRedirect(["/admin"])).toBe("/dashboard");
  });
});

test("protected paths are the portal and the admin area", () => {
  for (const path of [
    "/dashboard",
    "/lessons",
    "/homework",
    "/resources",
    "/files",
    "/files/1",
    "/plan",
    "/admin",
    "/admin/clients/1",
  ]) {
    expect(isProtectedPath(path)).toBe(true);
  }
  for (const path of ["/", "/pricing", "/demo", "/demo/plan", "/login", "/administrator", "/planning"]) {
    expect(isProtectedPath(path)).toBe(false);
  }
});
