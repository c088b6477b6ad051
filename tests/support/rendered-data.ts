import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";

/**
 * The loader data a server-rendered document hands to the browser for hydration, by route id:
 * app/entry.server.tsx writes React Router's turbo-stream text as one string in one inline script.
 */
export async function documentLoaderData(html: string): Promise<Record<string, unknown>> {
  const script = html.match(/\.enqueue\(("(?:[^"\\]|\\.)*")\);/);
  if (!script?.[1]) throw new Error("no loader data in this document");
  const text = JSON.parse(script[1]) as string;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  const { value, done } = await decodeViaTurboStream(body, globalThis);
  await done;
  return (value as { loaderData: Record<string, unknown> }).loaderData;
}

/** When a signed-in page's data began to be read, as the root loader told the page (`liveSince`). */
export async function renderedSince(html: string): Promise<number> {
  const root = (await documentLoaderData(html)).root as { liveSince?: unknown } | undefined;
  if (typeof root?.liveSince !== "number")
    throw new Error(`no liveSince in the root data: ${JSON.stringify(root)}`);
  return root.liveSince;
}
