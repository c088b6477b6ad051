// docs/product/constants.md: the coming Sunday (today if Sunday), on the coach's calendar rather than the
// server's or the visitor's clock.

export type CalendarDate = { year: number; month: number; day: number };

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function enrollByDate(now: Date, timeZone = "America/Toronto"): CalendarDate {
  // The server's own zone must not shift the day.
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    weekday: "short",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? "";

  const year = Number(part("year"));
  const month = Number(part("month"));
  const day = Number(part("day"));
  const weekday = WEEKDAYS.indexOf(part("weekday"));
  if (weekday < 0 || !year || !month || !day) {
    throw new Error(`Could not read the calendar date in time zone ${timeZone}`);
  }

  // Day arithmetic in UTC has no DST gaps, and Date.UTC carries day overflow.
  const daysToSunday = (7 - weekday) % 7;
  const sunday = new Date(Date.UTC(year, month - 1, day + daysToSunday));
  return {
    year: sunday.getUTCFullYear(),
    month: sunday.getUTCMonth() + 1,
    day: sunday.getUTCDate(),
  };
}

export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

// The year is accepted (so an enrollByDate result can be passed as is) but not shown.
export function formatEnrollBy(parts: { month: number; day: number; year?: number }): string {
  const name = MONTH_NAMES[parts.month - 1];
  if (name === undefined) throw new RangeError(`Invalid month: ${parts.month}`);
  return `${name} ${ordinal(parts.day)}`;
}
