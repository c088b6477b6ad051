import { data } from "react-router";

// An outage is not a bug: pages needing the database answer 503 with the friendly page until it returns.

export const DATABASE_UNAVAILABLE =
  "The site can't reach its database right now. Please try again in a minute.";

const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
]);
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
const DRIVER_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection .*closed/i,
];

/** Looks through wrapping errors such as Drizzle's query error. */
export function isDatabaseOutage(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08"))
    )
      return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseOutage)) return true;
    const { message } = current;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}

export function databaseUnavailable(): never {
  throw data(DATABASE_UNAVAILABLE, { status: 503 });
}

export async function unlessDatabaseIsDown<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseOutage(error)) databaseUnavailable();
    throw error;
  }
}
