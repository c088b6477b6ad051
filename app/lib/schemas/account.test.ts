import { expect, test } from "vitest";
import { deletionRequestSchema } from "./account";

test("the deletion note is optional, at most 1,000 characters, without control characters", () => {
  expect(deletionRequestSchema.parse({ note: "  " })).toEqual({ note: null });
  expect(deletionRequestSchema.parse({ note: null })).toEqual({ note: null });
  expect(deletionRequestSchema.parse({ note: " Please delete\r\nall of it. " })).toEqual({
    note: "Please delete\r\nall of it.",
  });
  expect(deletionRequestSchema.safeParse({ note: "n".repeat(1001) }).error?.issues[0]?.message).toBe(
    "Keep the note under 1,000 characters.",
  );
  expect(deletionRequestSchema.safeParse({ note: "nul\u0000" }).error?.issues[0]?.message).toBe(
    "Remove the control characters from the note.",
  );
});
