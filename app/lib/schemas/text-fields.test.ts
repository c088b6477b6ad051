import fc from "fast-check";
import { expect, test } from "vitest";
import {
  boundedText,
  hasControlCharacters,
  hasVisibleText,
  optionalText,
  requiredText,
  type TextField,
} from "./text-fields";

const TITLE: TextField = { name: "the title", max: 20 };
const NOTES: TextField = { name: "the notes", max: 50, multiline: true };

/** Lone surrogates included (fast-check's "binary" unit skips them, and is slow to build). */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

const anyText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: anyCodePoint, maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom("\u0000", "\u0007", "\t", "\n", "\r", "\u007f", "\u0085", "\u009f", "\ud800", "a"),
    maxLength: 8,
  }),
  fc.constantFrom("", " ", "\u200b", "\u0301", "\u202e", "\ufeff", "a\udfffb"),
);

test("the spec's required message for missing, blank and invisible-only text", () => {
  const title = requiredText(TITLE, "Title is required.");
  for (const value of [
    undefined,
    null,
    "",
    "   ",
    "\u00a0\u3000",
    "\u200b\u200d",
    "\u0301",
    "\u202e\u202c",
  ]) {
    expect(title.safeParse(value).error?.issues[0]?.message, JSON.stringify(value)).toBe(
      "Title is required.",
    );
  }
  expect(title.parse("  Mock interview  ")).toBe("Mock interview");
  expect(title.parse("\u202eevil")).toBe("\u202eevil"); // odd but visible: stored as typed
});

test("a length limit with a message naming the field", () => {
  expect(requiredText(TITLE, "x").safeParse("a".repeat(21)).error?.issues[0]?.message).toBe(
    "Keep the title under 20 characters.",
  );
  expect(
    boundedText({ name: "the notes", max: 10_000 }).safeParse("a".repeat(10_001)).error?.issues[0]?.message,
  ).toBe("Keep the notes under 10,000 characters.");
  // Counted in code points; the browser's maxlength counts UTF-16 units, so it is never looser.
  expect(requiredText(TITLE, "x").parse(` ${"a".repeat(20)} `)).toBe("a".repeat(20));
  expect(requiredText(TITLE, "x").parse("😀".repeat(20))).toBe("😀".repeat(20));
  expect(requiredText(TITLE, "x").safeParse("😀".repeat(21)).success).toBe(false);
});

test("control characters are refused; line breaks only where the field is multi-line", () => {
  const title = requiredText(TITLE, "x");
  for (const value of ["a\u0000b", "a\u0001", "a\u007f", "a\u0085b", "a\u009f", "a\nb", "a\tb", "a\ud800b"]) {
    expect(title.safeParse(value).error?.issues[0]?.message, JSON.stringify(value)).toBe(
      "Remove the control characters from the title.",
    );
  }
  const notes = optionalText(NOTES);
  expect(notes.parse("line one\r\nline\ttwo")).toBe("line one\r\nline\ttwo");
  expect(notes.safeParse("nul\u0000").error?.issues[0]?.message).toBe(
    "Remove the control characters from the notes.",
  );
  expect(notes.parse("   ")).toBeNull();
  expect(notes.parse(undefined)).toBeNull();
});

test("markup is text: stored as typed", () => {
  const payload = `<script>alert(1)</script><img src=x onerror=alert(1)>`;
  expect(optionalText({ name: "the notes", max: 100 }).parse(payload)).toBe(payload);
});

test("property: whatever is accepted is trimmed, bounded, free of controls, and parses to itself again", () => {
  const schemas = [
    { schema: requiredText(TITLE, "Title is required."), field: TITLE, required: true },
    { schema: optionalText(NOTES), field: NOTES, required: false },
  ];
  fc.assert(
    fc.property(anyText, fc.constantFrom(...schemas), (value, { schema, field, required }) => {
      const result = schema.safeParse(value);
      if (!result.success) {
        expect(result.error.issues[0]?.message).toMatch(/^(Keep|Remove|Title is required\.)/);
        return;
      }
      const stored = result.data;
      if (stored === null) {
        expect(required).toBe(false);
        expect(value.trim()).toBe("");
        return;
      }
      expect(stored).toBe(value.trim());
      expect([...stored].length).toBeLessThanOrEqual(field.max);
      expect(hasControlCharacters(stored, field.multiline)).toBe(false);
      expect(stored).not.toContain("\u0000");
      expect(stored.isWellFormed()).toBe(true);
      if (required) expect(hasVisibleText(stored)).toBe(true);
      expect(schema.parse(stored)).toBe(stored);
    }),
  );
});

test("property: a string is refused for control characters exactly when it holds one", () => {
  fc.assert(
    fc.property(anyText, (value) => {
      const trimmed = value.trim();
      const refused = boundedText({ name: "the link", max: 1_000 }).safeParse(value).success === false;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule restated independently
      const expected = /[\u0000-\u001f\u007f-\u009f]/.test(trimmed) || !trimmed.isWellFormed();
      expect(refused).toBe(expected);
    }),
  );
});
