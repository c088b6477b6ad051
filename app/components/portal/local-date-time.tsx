import { useEffect, useState } from "react";

// Server HTML can't know the reader's time zone: it renders in the coach's, and the browser
// re-renders in the reader's own right after hydration (the first client render matches the server's).
const SERVER_TIME_ZONE = "America/Toronto";

// One formatter per time zone and shape: toLocaleString with options builds a new one on every call,
// which was the server's largest single cost on portal pages (docs/decisions/0018-performance.md).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | undefined, dateOnly: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${dateOnly}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "short",
      day: "numeric",
      ...(dateOnly ? {} : { hour: "numeric", minute: "2-digit" }),
    });
    formatters.set(key, format);
  }
  return format;
}

export function LocalDateTime({ value, dateOnly = false }: { value: Date | string; dateOnly?: boolean }) {
  const date = typeof value === "string" ? new Date(value) : value;
  const [timeZone, setTimeZone] = useState<string | undefined>(SERVER_TIME_ZONE);
  useEffect(() => setTimeZone(undefined), []);
  const text = formatter(timeZone, dateOnly).format(date);
  return <time dateTime={date.toISOString()}>{text}</time>;
}

/** A calendar date (no time, no time zone), e.g. a due date stored as YYYY-MM-DD. */
export function CalendarDate({ value }: { value: string }) {
  const [year, month, day] = value.split("-").map(Number);
  const text = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
  return <time dateTime={value}>{text}</time>;
}
