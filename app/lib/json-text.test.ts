import fc from "fast-check";
import { expect, test } from "vitest";
import { scriptString } from "./json-text";

// The page's loader data goes into an inline <script> as one string literal (app/entry.server.tsx).

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
      // What the browser's script engine makes of the literal: the same string.
      expect(new Function(`return ${literal};`)()).toBe(text);
    }),
  );
  // A hundred runs take well under a second on a quiet machine; the limit is for a loaded one.
}, 60_000);
