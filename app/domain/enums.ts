// A closed set is written once, as its labels in display order (issue #43): the values, their type and the
// guard all come from that one object, so a new member cannot be added to one list and missed in another.

/** The labels' keys in the order written: a non-empty tuple, so pgEnum and z.enum take it as they took `as const`. */
export function keysOf<K extends string>(labels: Readonly<Record<K, string>>): readonly [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}

/** A guard for "one of these values", for anything read from a form, a query or a row. */
export function oneOf<K extends string>(values: readonly K[]): (value: unknown) => value is K {
  const set: readonly string[] = values;
  return (value: unknown): value is K => typeof value === "string" && set.includes(value);
}
