import type { DataStrategyResult } from "react-router";
import { describe, expect, test } from "vitest";
import { keepShownWhenUnreachable } from "./keep-shown-when-unreachable";

// A live revalidation that gets no answer keeps the page's data; anything else is left as it came.

const shown = {
  revalidation: "loading",
  navigation: { state: "idle" },
  location: { pathname: "/intake", search: "" },
  loaderData: { root: { theme: "light" }, "routes/portal/intake": { open: { id: "r1" } } },
  actionData: null,
};
const failed = (): Record<string, DataStrategyResult> => ({
  root: { type: "error", result: new TypeError("Failed to fetch") },
  "routes/portal/intake": { type: "error", result: new TypeError("Failed to fetch") },
});

describe("keepShownWhenUnreachable", () => {
  test("a revalidation of the page on screen that got no answer keeps what each route shows", () => {
    expect(keepShownWhenUnreachable("http://x/intake", failed(), shown)).toEqual({
      root: { type: "data", result: { theme: "light" } },
      "routes/portal/intake": { type: "data", result: { open: { id: "r1" } } },
    });
  });

  test("a navigation, another page, or an error with an answer is left to the error boundary", () => {
    const navigating = { ...shown, navigation: { state: "loading" } };
    expect(keepShownWhenUnreachable("http://x/intake", failed(), navigating)).toEqual(failed());
    expect(keepShownWhenUnreachable("http://x/dashboard", failed(), shown)).toEqual(failed());
    expect(keepShownWhenUnreachable("http://x/intake", failed(), { ...shown, revalidation: "idle" })).toEqual(
      failed(),
    );
    const refused = { root: { type: "error" as const, result: new Error("Boom") } };
    expect(keepShownWhenUnreachable("http://x/intake", refused, shown)).toEqual(refused);
  });
});
