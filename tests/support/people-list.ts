/**
 * The people a Leads & Clients page lists, by id, in the order shown. A row links to its person more
 * than once (the email and 'Open'), so each id is taken once.
 */
export function listedPersonIds(html: string): string[] {
  const ids = [...html.matchAll(/href="\/admin\/clients\/([0-9a-f-]{36})"/g)].map(
    (match) => match[1] as string,
  );
  return [...new Set(ids)];
}
