// Any of these marks a request as forwarded, which closes every developer door (app/server/developer.server.ts).
export const FORWARDED_HEADER_SETS: Record<string, string>[] = [
  { "x-forwarded-for": "203.0.113.9" },
  { "x-forwarded-host": "localhost", "x-forwarded-proto": "http" },
  { forwarded: "for=203.0.113.9;proto=https" },
  { "x-real-ip": "203.0.113.9" },
];
