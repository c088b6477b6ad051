import { afterEach, expect, vi } from "vitest";

// A console.error during a test is a bug the test did not look for.
let errors: unknown[][] = [];
const original = console.error;

vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  expect(seen, "console.error was called during the test").toEqual([]);
});
