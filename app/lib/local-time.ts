// Dates as the reader reads them: the server writes the coach's time zone, the browser rewrites each
// `<time data-local>` in the reader's (app/components/portal/local-date-time.tsx, app/enhancers/wake.ts).

export const SERVER_TIME_ZONE = "America/Toronto";

// Formatters and recent texts are remembered: formatting was the server's largest cost on portal pages
// (docs/decisions/0018-performance.md).
const formatters = new Map<string, Intl.DateTimeFormat>();
const texts = new Map<string, string>();
const MAX_TEXTS = 5_000;

export type TimeShape = "date-time" | "date" | "calendar";
const SHAPES: Record<TimeShape, Intl.DateTimeFormatOptions> = {
  "date-time": { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  date: { year: "numeric", month: "short", day: "numeric" },
  calendar: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
};

export function isTimeShape(value: string | undefined): value is TimeShape {
  return value !== undefined && Object.hasOwn(SHAPES, value);
}

/** `timeZone` undefined: the reader's own. */
export function formatted(date: Date, timeZone: string | undefined, shape: TimeShape): string {
  const key = `${timeZone ?? ""}|${shape}`;
  const textKey = `${key}|${date.getTime()}`;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  const known = texts.get(textKey);
  if (known !== undefined) return known;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, ...SHAPES[shape] });
    formatters.set(key, format);
  }
  const text = format.format(date);
  // The browser's own zone is one reader's: not remembered.
  if (timeZone !== undefined) {
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(textKey, text);
  }
  return text;
}

/** What the zone's wall clock reads at `at`: its day ("2026-12-31"), its hour, and those figures as UTC. */
export function wallClockIn(at: Date, timeZone: string): { day: string; hour: number; asUtc: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return { day: new Date(asUtc).toISOString().slice(0, 10), hour: part("hour"), asUtc };
}

/** How far the zone's clock is ahead of UTC at `at`, in milliseconds (whole seconds). */
const offsetAt = (at: number, timeZone: string) =>
  wallClockIn(new Date(at), timeZone).asUtc - Math.floor(at / 1000) * 1000;

/**
 * The first instant of a calendar day ("2026-12-31") on the zone's clock: its local midnight, found from
 * the zone's offset then, checked once more across a clock change (a DST day is 23 or 25 hours).
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const midnight = Date.UTC(year, month - 1, date);
  const guess = midnight - offsetAt(midnight, timeZone);
  return new Date(midnight - offsetAt(guess, timeZone));
}

/** The instant a zone's wall clock reads `day` at `time` ("14:30"): the same offset search as startOfDayIn. */
export function instantIn(day: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** What a `datetime-local` field shows for `at` on the zone's clock ("2026-12-31T14:30"). */
export function wallClockText(at: Date, timeZone: string): string {
  return new Date(wallClockIn(at, timeZone).asUtc).toISOString().slice(0, 16);
}

/** The last millisecond of a calendar day on the zone's clock: just before the next day's local midnight. */
export function endOfDayIn(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return new Date(startOfDayIn(next, timeZone).getTime() - 1);
}

/** Rewrites the server's times in the reader's zone, before any React runs. */
export function localizeTimes(root: ParentNode = document): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>("time[data-local]")) {
    const shape = time.dataset.local;
    if (!isTimeShape(shape)) continue;
    const text = formatted(new Date(time.dateTime), undefined, shape);
    if (time.textContent !== text) time.textContent = text;
  }
}
