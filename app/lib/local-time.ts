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

/** How far the zone's clock is ahead of UTC at `at`, in milliseconds (whole seconds). */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The last millisecond of a calendar day ("2026-12-31") on the zone's clock: just before the next day's
 * local midnight, found from the zone's offset then, checked once more across a clock change.
 */
export function endOfDayIn(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const nextMidnight = Date.UTC(year, month - 1, date + 1);
  const guess = nextMidnight - offsetAt(nextMidnight, timeZone);
  return new Date(nextMidnight - offsetAt(guess, timeZone) - 1);
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
