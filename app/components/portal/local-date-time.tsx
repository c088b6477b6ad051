import { useEffect, useState } from "react";

// Server HTML renders in the coach's time zone; the browser re-renders in the reader's after hydration.
export const SERVER_TIME_ZONE = "America/Toronto";

// Formatters and recent texts are remembered: formatting was the server's largest cost on portal pages
// (docs/decisions/0018-performance.md).
const formatters = new Map<string, Intl.DateTimeFormat>();
const texts = new Map<string, string>();
const MAX_TEXTS = 5_000;

type Shape = "date-time" | "date" | "calendar";
const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  "date-time": { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
  date: { year: "numeric", month: "short", day: "numeric" },
  calendar: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
};

function formatted(date: Date, timeZone: string | undefined, shape: Shape): string {
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

export function LocalDateTime({ value, dateOnly = false }: { value: Date | string; dateOnly?: boolean }) {
  const date = typeof value === "string" ? new Date(value) : value;
  const [timeZone, setTimeZone] = useState<string | undefined>(SERVER_TIME_ZONE);
  useEffect(() => setTimeZone(undefined), []);
  const text = formatted(date, timeZone, dateOnly ? "date" : "date-time");
  return <time dateTime={date.toISOString()}>{text}</time>;
}

/** No time, no time zone: a due date stored as YYYY-MM-DD. */
export function CalendarDate({ value }: { value: string }) {
  const [year, month, day] = value.split("-").map(Number);
  const text = formatted(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)), "UTC", "calendar");
  return <time dateTime={value}>{text}</time>;
}
