import { describe, expect, test } from "vitest";
import { rerunWhenAsked } from "./rerun.server";

// A live stream checks its session when an event is about its person. A sign-out sends two events
// (this session, then every session); the second can arrive while the check the first started is still
// out, having read the database before the second step: that ask must bring one more check.

/** A task whose runs are held until `finish()`, reading `state.value` when each run starts. */
function heldTask() {
  const state = { value: "session alive" };
  const reads: string[] = [];
  const finishers: (() => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const task = async () => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    reads.push(state.value);
    await new Promise<void>((resolve) => finishers.push(resolve));
    running -= 1;
  };
  const finish = async () => {
    finishers.shift()?.();
    // Let the finished run's continuation (and any next run's start) happen.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { state, reads, task, finish, mostAtOnce: () => mostAtOnce, waiting: () => finishers.length };
}

describe("rerunWhenAsked", () => {
  test("an ask while a run is under way brings one more run after it, which reads what changed since", async () => {
    const held = heldTask();
    const ask = rerunWhenAsked(held.task);
    const first = ask();
    expect(held.reads).toEqual(["session alive"]);

    // The sign-out's second step lands while the first check is out; its event asks again.
    held.state.value = "session ended";
    const second = ask();
    expect(held.reads).toHaveLength(1);

    await held.finish();
    expect(held.reads).toEqual(["session alive", "session ended"]);
    await held.finish();
    await Promise.all([first, second]);
    expect(held.mostAtOnce()).toBe(1);
    expect(held.waiting()).toBe(0);
  });

  test("several asks during one run make a single further run; an ask after the last run starts a new one", async () => {
    const held = heldTask();
    const ask = rerunWhenAsked(held.task);
    void ask();
    void ask();
    void ask();
    void ask();
    await held.finish();
    await held.finish();
    expect(held.reads).toHaveLength(2);
    expect(held.waiting()).toBe(0);

    const later = ask();
    expect(held.reads).toHaveLength(3);
    await held.finish();
    await later;
    expect(held.mostAtOnce()).toBe(1);
  });
});
