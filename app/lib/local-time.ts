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

/** Rewrites the server's times in the reader's zone, before any React runs. */
export function localizeTimes(root: ParentNode = document): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>("time[data-local]")) {
    const shape = time.dataset.local;
    if (!isTimeShape(shape)) continue;
    const text = formatted(new Date(time.dateTime), undefined, shape);
    if (time.textContent !== text) time.textContent = text;
  }
}
