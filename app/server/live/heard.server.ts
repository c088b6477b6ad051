// What this process heard on the bus lately, so a stream can tell its page what changed since the
// render (docs/decisions/0037-live-catch-up.md).

/** Enough for the seconds between a render and its stream on a busy site. */
export const HEARD_CAPACITY = 4_096;

export class HeardLog<T> {
  private times: number[] = [];
  private items: T[] = [];
  private complete = Number.POSITIVE_INFINITY;
  private last = 0;

  constructor(
    private readonly capacity = HEARD_CAPACITY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  listening(): void {
    this.times = [];
    this.items = [];
    this.complete = this.clock();
  }

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

  /** Null when the log cannot vouch for all of it. */
  since(time: number): T[] | null {
    if (!(time >= this.complete)) return null;
    let start = this.times.length;
    while (start > 0 && (this.times[start - 1] as number) >= time) start -= 1;
    return this.items.slice(start);
  }

  /** Never decreasing, so `since` can scan back even if the wall clock steps back. */
  private clock(): number {
    this.last = Math.max(this.last, this.now());
    return this.last;
  }
}
