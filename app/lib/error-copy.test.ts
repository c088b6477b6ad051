import { isRouteErrorResponse } from "react-router";
import { describe, expect, test } from "vitest";
import { errorCopy } from "./error-copy";

// What the error page says, from what a route throws: a refusal as thrown by refuse() (app/server/refusal.server.ts),
// which carries a status and words but no status text. What the browser gets back is an ErrorResponse,
// made here the way React Router makes one from a thrown `data()` (status, status text, data).

const thrown = (status: number, body: unknown, statusText = "") => {
  const response = { status, statusText, internal: false, data: body };
  if (!isRouteErrorResponse(response))
    throw new Error("not an error response: the test's own shape is wrong");
  return response;
};

describe("errorCopy", () => {
  test("every refusal is titled in words, never with its status code or a server failure", () => {
    const titles = new Set<string>();
    for (const status of [400, 403, 404, 405, 409, 413, 415, 429]) {
      // The browser fills in "Internal Server Error" when a refusal's status text is empty.
      for (const statusText of ["", "Internal Server Error"]) {
        const { title, message } = errorCopy(
          thrown(status, { error: "The server's own words." }, statusText),
        );
        expect(title).not.toMatch(/\d{3}|Internal Server Error|went wrong/);
        expect(message).toBe("The server's own words.");
        titles.add(title);
      }
    }
    expect(titles.size).toBe(8);
  });

  test("the titles people read for the refusals they meet", () => {
    const titleOf = (status: number) =>
      errorCopy(thrown(status, { error: "x" }, "Internal Server Error")).title;
    expect(titleOf(429)).toBe("Too many tries");
    expect(titleOf(403)).toBe("Not allowed");
    expect(titleOf(409)).toBe("Already changed");
    expect(titleOf(404)).toBe("Page not found");
  });

  test("a refusal without words gets a plain message; a failure stays generic and keeps its details", () => {
    expect(errorCopy(thrown(409, null))).toEqual({
      title: "Already changed",
      message: "The site couldn't do that. Please go back and try again.",
    });
    expect(
      errorCopy(thrown(500, { error: "relation profiles does not exist" }, "Internal Server Error")),
    ).toEqual({
      title: "Something went wrong",
      message: "An unexpected error occurred. Please try again in a moment.",
    });
    expect(errorCopy(new Error("boom")).title).toBe("Something went wrong");
    expect(errorCopy(thrown(503, null)).title).toBe("We'll be right back");
  });
});
