import fc from "fast-check";
import { expect, test } from "vitest";
import { scriptString } from "./json-text";

test("a string written into a script reads back the same and cannot end or bend the script element", () => {
  const hostile = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.constantFrom(
      "</script><script>alert(1)</script>",
      "<!--<script>",
      "a\u2028b\u2029c",
      "&lt;</SCRIPT >",
    ),
  );
  fc.assert(
    fc.property(fc.array(hostile, { maxLength: 4 }), (parts) => {
      const text = parts.join("");
      const literal = scriptString(text);
      expect(literal).not.toMatch(/[<>&\u2028\u2029]/);
      expect(new Function(`return ${literal};`)()).toBe(text);
    }),
  );
  // The limit is for a loaded machine.
}, 60_000);
