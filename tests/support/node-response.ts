export function asResponse(status: number, rawHeaders: string[], body: BodyInit | null): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2)
    headers.append(rawHeaders[i] as string, rawHeaders[i + 1] as string);
  return new Response(status === 204 || status === 304 ? null : body, { status, headers });
}
