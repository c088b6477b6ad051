// JSON text carried to the browser as one string rather than value by value, which was most of what a
// `.data` answer cost (docs/decisions/0033-warm-cost.md).

export type JsonText<T> = string & { readonly __parsesTo?: T };

type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** Only for values JSON keeps as they are: no Dates, no undefined fields. */
export function jsonText<T extends JsonValue>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

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

/** Escaped so no `</script>` or `<!--` can end or bend the element, line separators too. */
export function scriptString(text: string): string {
  return JSON.stringify(text).replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}
