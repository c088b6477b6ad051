import { expect, test } from "vitest";
import { SIGN_IN_ERRORS, SignInError, signInErrorMessage } from "./sign-in-errors.server";

test("a known code reads as its own sentence", () => {
  for (const [code, sentence] of Object.entries(SIGN_IN_ERRORS))
    expect(signInErrorMessage(code)).toBe(sentence);
  expect(new SignInError("cancelled").message).toBe("Sign-in was cancelled.");
});

test("anything else in the URL reads as the general sentence, never as itself", () => {
  for (const code of [
    "Your account is locked. Call 555",
    "toString",
    "__proto__",
    "constructor",
    "SIGNIN_FAILED",
  ])
    expect(signInErrorMessage(code)).toBe("Sign-in failed. Please try again.");
});

test("no code, no message", () => {
  expect(signInErrorMessage(null)).toBeNull();
  expect(signInErrorMessage("")).toBeNull();
});
