// What this process heard on the live bus lately, and from when it is sure it heard everything: a
// stream opened for a page tells it what changed between its render and the stream's start
// (docs/decisions/0037-live-catch-up.md). In memory only, no query: the bus already hears every event.

/** Enough for the seconds between a render and its stream even on a busy site (~100 bytes each). */
export const HEARD_CAPACITY = 4_096;

export class HeardLog<T> {
  private times: number[] = [];
  private items: T[] = [];
  /** Everything heard from this time on is in the log; +Infinity while not listening. */
  private complete = Number.POSITIVE_INFINITY;
  private last = 0;

  constructor(
    private readonly capacity = HEARD_CAPACITY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The LISTEN is up from now on (before this, or after a loss, events may have gone unheard). */
  listening(): void {
    this.times = [];
    this.items = [];
    this.complete = this.clock();
  }

  /** The LISTEN is down: events sent from now on are lost, so nothing can be vouched for. */
  deaf(): void {
    this.times = [];
    this.items = [];
    this.complete = Number.POSITIVE_INFINITY;
  }

  add(item: T): void {
    this.times.push(this.clock());
    this.items.push(item);
    if (this.times.length > this.capacity) {
      const dropped = this.times.shift() as number;
      this.items.shift();
      // What was heard at the dropped one's time may be gone too.
      this.complete = Math.max(this.complete, dropped + 1);
    }
  }

  /**
   * What was heard at `time` or later, oldest first; null when the log cannot vouch for all of it
   * (this process was not listening then, or has dropped some of it).
   */
  since(time: number): T[] | null {
    if (!(time >= this.complete)) return null;
    let start = this.times.length;
    while (start > 0 && (this.times[start - 1] as number) >= time) start -= 1;
    return this.items.slice(start);
  }

  /** Never decreasing, so `since` can scan back from the newest even if the wall clock steps back. */
  private clock(): number {
    this.last = Math.max(this.last, this.now());
    return this.last;
  }
}
