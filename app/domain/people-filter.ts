// docs/product/screens.md, Leads & Clients list.
export const PEOPLE_FILTERS = ["leads", "clients", "all"] as const;
export type PeopleFilter = (typeof PEOPLE_FILTERS)[number];

export function parsePeopleFilter(value: unknown): PeopleFilter {
  return typeof value === "string" && (PEOPLE_FILTERS as readonly string[]).includes(value)
    ? (value as PeopleFilter)
    : "all";
}
