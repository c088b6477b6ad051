// JSON text that goes to the browser as it is: a list the database (or the loader) already wrote as
// JSON, carried through React Router's turbo-stream as one string instead of value by value. Flattening a
// list of rows value by value was most of what a `.data` answer cost to encode; the browser's
// JSON.parse of the same text is native and fast (docs/decisions/0033-warm-cost.md).

/** The JSON text of a `T`: a string, typed by what it parses to. */
export type JsonText<T> = string & { readonly __parsesTo?: T };

type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** `value` as JSON text. Only for values JSON keeps as they are: no Dates, no undefined fields. */
export function jsonText<T extends JsonValue>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/** What JSON text holds. */
export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  "<": "\\u003c",
  ">": "\\u003e",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * `text` as a JavaScript string literal to write inside an inline `<script>`: JSON with `<`, `>` and `&`
 * escaped (no `</script>` or `<!--` can end or bend the element) and the two line separators too.
 */
export function scriptString(text: string): string {
  return JSON.stringify(text).replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}
