import { describe, expect, test } from "vitest";
import { HeardLog } from "./heard.server";

function logAt(start: number, capacity?: number) {
  const clock = { now: start };
  const log = new HeardLog<string>(capacity, () => clock.now);
  return { log, clock };
}

describe("HeardLog", () => {
  test("vouches for nothing before it listens", () => {
    const { log, clock } = logAt(1_000);
    log.add("early");
    expect(log.since(0)).toBeNull();
    expect(log.since(clock.now)).toBeNull();
  });

  test("returns what was heard at or after a time, oldest first, once listening", () => {
    const { log, clock } = logAt(1_000);
    log.listening();
    expect(log.since(1_000)).toEqual([]);
    clock.now = 1_100;
    log.add("a");
    clock.now = 1_200;
    log.add("b");
    expect(log.since(1_000)).toEqual(["a", "b"]);
    expect(log.since(1_100)).toEqual(["a", "b"]);
    expect(log.since(1_101)).toEqual(["b"]);
    expect(log.since(1_201)).toEqual([]);
    expect(log.since(999)).toBeNull();
    expect(log.since(Number.NaN)).toBeNull();
  });

  test("a lost LISTEN vouches for nothing until it is back, and then only from then on", () => {
    const { log, clock } = logAt(1_000);
    log.listening();
    log.add("a");
    clock.now = 2_000;
    log.deaf();
    expect(log.since(1_000)).toBeNull();
    expect(log.since(3_000)).toBeNull();
    clock.now = 3_000;
    log.listening();
    expect(log.since(2_500)).toBeNull();
    clock.now = 3_100;
    log.add("b");
    expect(log.since(3_000)).toEqual(["b"]);
  });

  test("past its capacity it forgets the oldest, and no longer vouches for their time", () => {
    const { log, clock } = logAt(1_000, 3);
    log.listening();
    for (const [at, item] of [
      [1_010, "a"],
      [1_020, "b"],
      [1_030, "c"],
      [1_040, "d"],
    ] as const) {
      clock.now = at;
      log.add(item);
    }
    expect(log.since(1_000)).toBeNull();
    expect(log.since(1_010)).toBeNull();
    expect(log.since(1_011)).toEqual(["b", "c", "d"]);
  });

  test("a wall clock stepping back does not reorder what was heard", () => {
    const { log, clock } = logAt(1_000);
    log.listening();
    clock.now = 2_000;
    log.add("a");
    clock.now = 1_500;
    log.add("b");
    expect(log.since(2_000)).toEqual(["a", "b"]);
  });
});
