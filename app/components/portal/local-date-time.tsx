import { useEffect, useState } from "react";
import { formatted, SERVER_TIME_ZONE } from "~/lib/local-time";

// Server HTML renders in the coach's time zone; the browser rewrites it in the reader's before React runs
// (app/lib/local-time.ts), so the first render may differ from the page's text: that difference is expected.

export function LocalDateTime({ value, dateOnly = false }: { value: Date | string; dateOnly?: boolean }) {
  const date = typeof value === "string" ? new Date(value) : value;
  const [timeZone, setTimeZone] = useState<string | undefined>(SERVER_TIME_ZONE);
  useEffect(() => setTimeZone(undefined), []);
  const shape = dateOnly ? "date" : "date-time";
  const text = formatted(date, timeZone, shape);
  return (
    <time dateTime={date.toISOString()} data-local={shape} suppressHydrationWarning>
      {text}
    </time>
  );
}

/** No time, no time zone: a due date stored as YYYY-MM-DD. */
export function CalendarDate({ value }: { value: string }) {
  const [year, month, day] = value.split("-").map(Number);
  const text = formatted(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)), "UTC", "calendar");
  return <time dateTime={value}>{text}</time>;
}

/** A homework's due date as its coach and its client both read it. */
export function DueDate({ value }: { value: string | null }) {
  return value ? (
    <>
      Due <CalendarDate value={value} />
    </>
  ) : (
    "No due date"
  );
}
