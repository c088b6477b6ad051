/** A row links to its person more than once, so each id is taken once. */
export function listedPersonIds(html: string): string[] {
  const ids = [...html.matchAll(/href="\/admin\/clients\/([0-9a-f-]{36})"/g)].map(
    (match) => match[1] as string,
  );
  return [...new Set(ids)];
}

/** Through the built server's search, as staff find them. Throws rather than asserts, so vitest and Playwright can share it. */
export async function personIdOf(serverUrl: string, staffCookie: string, email: string): Promise<string> {
  const query = new URLSearchParams({ q: email, filter: "all" });
  const response = await fetch(`${serverUrl}/admin/clients?${query}`, {
    headers: { cookie: staffCookie },
    signal: AbortSignal.timeout(60_000),
  });
  if (response.status !== 200) throw new Error(`the Leads & Clients search for ${email}: ${response.status}`);
  const found = listedPersonIds(await response.text());
  if (found.length !== 1) throw new Error(`${found.length} rows for ${email}, expected one`);
  return found[0] as string;
}
