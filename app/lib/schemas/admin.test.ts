import fc from "fast-check";
import { expect, test } from "vitest";
import {
  activitySchema,
  amountSchema,
  confirmEmailSchema,
  DELETE_MISMATCH,
  homeworkAssignSchema,
  homeworkReviewSchema,
  isCalendarDate,
  LIMITS,
  lessonSchema,
  linkRowsSchema,
  resourceSchema,
} from "./admin";

const id = "3f1d4c1e-8a53-4e0b-9d2a-7a3c2b1d0e9f";
const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
const rows = (n: number, url = "https://x.test/r") => ({
  labels: Array.from({ length: n }, (_, i) => `Row ${i}`),
  urls: Array.from({ length: n }, () => url),
});

test("the spec's messages are unchanged", () => {
  expect(message(activitySchema.safeParse({ title: "  " }))).toBe("Activity title is required.");
  expect(message(activitySchema.safeParse({}))).toBe("Activity title is required.");
  expect(message(lessonSchema.safeParse({ clientId: "", title: "x", resources: rows(0) }))).toBe(
    "Select a client.",
  );
  expect(message(lessonSchema.safeParse({ clientId: id, title: "\u200b", resources: rows(0) }))).toBe(
    "Title is required.",
  );
  expect(message(homeworkAssignSchema.safeParse({ title: "", links: rows(0) }))).toBe("Title is required.");
});

test("every text field has a length limit with a message naming it", () => {
  const lesson = { clientId: id, title: "Lesson", resources: rows(0) };
  expect(message(lessonSchema.safeParse({ ...lesson, title: "t".repeat(201) }))).toBe(
    "Keep the title under 200 characters.",
  );
  expect(message(lessonSchema.safeParse({ ...lesson, notes: "n".repeat(10_001) }))).toBe(
    "Keep the notes under 10,000 characters.",
  );
  expect(message(lessonSchema.safeParse({ ...lesson, recordingUrl: "u".repeat(2_049) }))).toBe(
    "Keep the recording URL under 2,048 characters.",
  );
  expect(message(activitySchema.safeParse({ title: "A", details: "d".repeat(5_001) }))).toBe(
    "Keep the details under 5,000 characters.",
  );
  expect(message(activitySchema.safeParse({ title: "A", link: "l".repeat(2_049) }))).toBe(
    "Keep the link under 2,048 characters.",
  );
  expect(message(homeworkReviewSchema.safeParse({ homeworkId: id, feedback: "f".repeat(5_001) }))).toBe(
    "Keep the feedback under 5,000 characters.",
  );
  expect(
    message(homeworkAssignSchema.safeParse({ title: "H", description: "d".repeat(5_001), links: rows(0) })),
  ).toBe("Keep the description under 5,000 characters.");
});

test("lesson occurred-at: empty is now; a real instant between 2000 and 2100; bounded length", () => {
  const base = { clientId: id, title: "Lesson", resources: rows(0) };
  expect(lessonSchema.parse({ ...base, occurredAt: "" }).occurredAt).toBeInstanceOf(Date);
  expect(
    lessonSchema.parse({ ...base, occurredAt: "2025-03-04T05:06:07.000Z" }).occurredAt.toISOString(),
  ).toBe("2025-03-04T05:06:07.000Z");
  for (const occurredAt of [
    "yesterday",
    "1999-12-31T00:00:00Z",
    "2101-06-01T00:00:00Z",
    `2025-01-01${" ".repeat(100)}x`,
  ]) {
    expect(message(lessonSchema.safeParse({ ...base, occurredAt })), occurredAt).toBe(
      "Enter a valid date and time.",
    );
  }
  expect(
    message(lessonSchema.safeParse({ ...base, occurredAt: `2025-01-01T00:00:00Z${"0".repeat(100)}` })),
  ).toBe("Enter a valid date and time.");
});

test("due dates are real calendar days between 2000 and 2100", () => {
  for (const good of ["2025-02-28", "2024-02-29", "2000-01-01", "2100-12-31"])
    expect(isCalendarDate(good)).toBe(true);
  for (const bad of [
    "2025-02-29",
    "2024-02-30",
    "2024-13-01",
    "0000-01-01",
    "1999-12-31",
    "2101-01-01",
    "2024-1-1",
    "2024-01-01T00:00",
  ]) {
    expect(isCalendarDate(bad), bad).toBe(false);
    expect(message(homeworkAssignSchema.safeParse({ title: "H", dueDate: bad, links: rows(0) }))).toBe(
      "Enter a valid due date.",
    );
  }
  expect(homeworkAssignSchema.parse({ title: "H", dueDate: " ", links: rows(0) }).dueDate).toBeNull();
});

test("property: any day from 2000 to 2100 is a due date, any other string of that shape is not", () => {
  const start = Date.UTC(2000, 0, 1);
  const end = Date.UTC(2100, 11, 31);
  fc.assert(
    fc.property(fc.integer({ min: start / 86_400_000, max: end / 86_400_000 }), (day) => {
      expect(isCalendarDate(new Date(day * 86_400_000).toISOString().slice(0, 10))).toBe(true);
    }),
  );
  fc.assert(
    fc.property(fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), (value) => {
      const real = new Date(`${value}T00:00:00Z`);
      const expected =
        !Number.isNaN(real.getTime()) &&
        real.toISOString().startsWith(value) &&
        real.getUTCFullYear() >= 2000 &&
        real.getUTCFullYear() <= 2100;
      expect(isCalendarDate(value)).toBe(expected);
    }),
  );
});

test("link rows: at most 20 as sent, each part bounded; the validation rules after", () => {
  expect(linkRowsSchema.parse(rows(20))).toHaveLength(20);
  expect(message(linkRowsSchema.safeParse(rows(21)))).toBe("At most 20 links.");
  expect(
    message(linkRowsSchema.safeParse({ labels: [], urls: [...Array(20).fill(""), "https://x.test"] })),
  ).toBe("At most 20 links.");
  expect(message(linkRowsSchema.safeParse({ labels: ["l".repeat(201)], urls: ["https://x.test"] }))).toBe(
    "Keep link labels under 200 characters.",
  );
  expect(
    message(linkRowsSchema.safeParse({ labels: [""], urls: [`https://x.test/${"a".repeat(2_048)}`] })),
  ).toBe("Keep links under 2,048 characters.");
  expect(message(linkRowsSchema.safeParse({ labels: ["a\u0000"], urls: ["https://x.test"] }))).toBe(
    "Remove the control characters from link labels.",
  );
  // A long URL without a label is its own label (no "label too long" for it).
  const long = `https://x.test/${"a".repeat(1_000)}`;
  expect(linkRowsSchema.parse({ labels: [""], urls: [long] })).toEqual([{ label: long, url: long }]);
  // Unsafe schemes are data: SafeLink shows them as text.
  expect(linkRowsSchema.parse({ labels: ["x"], urls: [" javascript:alert(1) "] })).toEqual([
    { label: "x", url: "javascript:alert(1)" },
  ]);
});

test("property: accepted link rows are at most 20, trimmed, non-empty and within their limits", () => {
  const part = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.string({ unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) }),
    fc.constantFrom("", " ", "javascript:x", "\u0000"),
  );
  fc.assert(
    fc.property(fc.array(part, { maxLength: 25 }), fc.array(part, { maxLength: 25 }), (labels, urls) => {
      const result = linkRowsSchema.safeParse({ labels, urls });
      if (!result.success) return true;
      return (
        result.data.length <= LIMITS.resourceRows &&
        result.data.every(
          (row) =>
            row.url === row.url.trim() &&
            row.url !== "" &&
            row.label !== "" &&
            [...row.url].length <= LIMITS.url &&
            !(row.url + row.label).includes("\u0000"),
        )
      );
    }),
  );
});

test("resources: an http(s) link, a known kind, at most 10 tags of 40 characters", () => {
  const base = { kind: "guide", title: "Guide", url: "https://x.test/g" };
  expect(resourceSchema.parse({ ...base, tags: " SQL, sql ,, Graphs " }).tags).toEqual(["sql", "graphs"]);
  expect(message(resourceSchema.safeParse({ ...base, kind: "GUIDE" }))).toBe("Choose a kind.");
  for (const url of [
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "//x.test",
    "https://x .test",
  ]) {
    expect(message(resourceSchema.safeParse({ ...base, url })), url).toBe(
      "Enter a link that starts with https://",
    );
  }
  expect(message(resourceSchema.safeParse({ ...base, url: "https://a\u0000b" }))).toBe(
    "Remove the control characters from the link.",
  );
  expect(message(resourceSchema.safeParse({ ...base, tags: "t".repeat(41) }))).toBe(
    "Keep each tag under 40 characters.",
  );
  expect(
    message(
      resourceSchema.safeParse({ ...base, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(",") }),
    ),
  ).toBe("At most 10 tags.");
  expect(message(resourceSchema.safeParse({ ...base, tags: ",".repeat(LIMITS.tagsText + 1) }))).toBe(
    "At most 10 tags, each under 40 characters.",
  );
});

test("the +1/-1 amount is exactly what the buttons send", () => {
  expect(amountSchema.parse("1")).toBe(1);
  expect(amountSchema.parse("-1")).toBe(-1);
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string(),
        fc.constantFrom("+1", "1.0", "0x1", "1e0", " 1", "NaN", "Infinity", "-0", "2", "0"),
        fc.double().map(String),
      ),
      (value) => {
        fc.pre(value !== "1" && value !== "-1");
        expect(message(amountSchema.safeParse(value))).toBe("Adjust by +1 or -1.");
      },
    ),
  );
  expect(message(amountSchema.safeParse(null))).toBe("Adjust by +1 or -1.");
});

test("the delete confirmation is an email-sized string, compared lower-case", () => {
  expect(confirmEmailSchema.parse("  Maya@Example.com ")).toBe("maya@example.com");
  expect(message(confirmEmailSchema.safeParse(`${"a".repeat(250)}@x.co`))).toBe(DELETE_MISMATCH);
  expect(message(confirmEmailSchema.safeParse(null))).toBe(DELETE_MISMATCH);
});
