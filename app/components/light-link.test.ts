import { expect, test } from "vitest";
import { isCurrentPath } from "./light-link";

test("isCurrentPath: the same path, or one under it unless `end`; the query and hash do not count", () => {
  expect(isCurrentPath("/dashboard", "/dashboard")).toBe(true);
  expect(isCurrentPath("/dashboard/", "/dashboard")).toBe(true);
  expect(isCurrentPath("/dashboard", "/dashboard/")).toBe(true);
  expect(isCurrentPath("/admin/clients/42", "/admin/clients")).toBe(true);
  expect(isCurrentPath("/admin/clients/42", "/admin/clients", true)).toBe(false);
  expect(isCurrentPath("/admin/clientsx", "/admin/clients")).toBe(false);
  expect(isCurrentPath("/lessons", "/lessons?page=2#top")).toBe(true);
  expect(isCurrentPath("/lessons", "/homework")).toBe(false);
  expect(isCurrentPath("/", "/")).toBe(true);
  expect(isCurrentPath("/about", "/")).toBe(false);
  // Not an absolute path: resolved as the browser would.
  expect(isCurrentPath("/", "?filter=leads")).toBe(true);
  expect(isCurrentPath("/elsewhere", "//other.example/elsewhere")).toBe(true);
});
