import { data, redirect } from "react-router";
import { expect, test } from "vitest";
import { attempt } from "./action-result.server";
import { isRefusal, refusal, refusalOf } from "./refusal.server";

test("a refusal is what data() makes, whoever made it; nothing else is", () => {
  expect(isRefusal(refusal({ error: "No." }, { status: 409 }))).toBe(true);
  expect(isRefusal(data({ error: "No." }, { status: 400 }))).toBe(true);
  for (const other of [{ ok: false, error: "No." }, { data: {}, init: { status: 400 } }, null, "No."]) {
    expect(isRefusal(other), JSON.stringify(other)).toBe(false);
  }
  expect(isRefusal(redirect("/"))).toBe(false);
  expect(isRefusal(new Error("No."))).toBe(false);
});

test("a handler's own thrown data() answers with its status and words, not a logged 500", async () => {
  const answer = await attempt(async () => {
    throw data({ error: "Type the email exactly." }, { status: 400 });
  });
  expect(isRefusal(answer)).toBe(true);
  expect(refusalOf(answer as never, "fallback")).toEqual({ status: 400, message: "Type the email exactly." });
});
