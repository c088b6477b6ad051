import { expect, test } from "vitest";
import { homeworkSubmissionSchema } from "./homework";

const id = "3f1d4c1e-8a53-4e0b-9d2a-7a3c2b1d0e9f";

test("a link, a note, or both are accepted and trimmed; blanks become null", () => {
  expect(
    homeworkSubmissionSchema.parse({ homeworkId: id, url: " https://example.com/x ", note: "" }),
  ).toEqual({
    homeworkId: id,
    url: "https://example.com/x",
    note: null,
    files: 0,
  });
  expect(homeworkSubmissionSchema.parse({ homeworkId: id, url: "", note: "  Done  " })).toEqual({
    homeworkId: id,
    url: null,
    note: "Done",
    files: 0,
  });
});

test("nothing at all is refused with a clear message", () => {
  const result = homeworkSubmissionSchema.safeParse({ homeworkId: id, url: "  ", note: "" });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.message).toBe("Add a link, a note or a file before submitting.");
});

test("only http(s) links, within limits", () => {
  for (const url of ["javascript:alert(1)", "ftp://x", "example.com", "https://exa mple.com"]) {
    expect(homeworkSubmissionSchema.safeParse({ homeworkId: id, url }).error?.issues[0]?.message).toBe(
      "Enter a link that starts with https://",
    );
  }
  expect(
    homeworkSubmissionSchema.safeParse({ homeworkId: id, url: `https://x.com/${"a".repeat(2100)}` }).success,
  ).toBe(false);
  expect(homeworkSubmissionSchema.safeParse({ homeworkId: id, note: "n".repeat(2001) }).success).toBe(false);
});

test("a homework id must be a UUID", () => {
  expect(homeworkSubmissionSchema.safeParse({ homeworkId: "1; drop table", note: "x" }).success).toBe(false);
});

test("limits and characters: each refusal names the field", () => {
  expect(
    homeworkSubmissionSchema.safeParse({ homeworkId: id, url: `https://x.com/${"a".repeat(2100)}` }).error
      ?.issues[0]?.message,
  ).toBe("Keep the link under 2,048 characters.");
  expect(
    homeworkSubmissionSchema.safeParse({ homeworkId: id, note: "n".repeat(2001) }).error?.issues[0]?.message,
  ).toBe("Keep the note under 2,000 characters.");
  expect(
    homeworkSubmissionSchema.safeParse({ homeworkId: id, note: "a\u0000b" }).error?.issues[0]?.message,
  ).toBe("Remove the control characters from the note.");
  const note = "<script>alert(1)</script>\n<img src=x onerror=alert(1)>";
  expect(homeworkSubmissionSchema.parse({ homeworkId: id, note }).note).toBe(note);
});
