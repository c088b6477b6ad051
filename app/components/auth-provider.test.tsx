import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { useAuth } from "./auth-provider";

function Probe() {
  useAuth();
  return null;
}

test("using the auth context outside its provider fails with a message naming the provider", () => {
  expect(() => renderToString(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
});
