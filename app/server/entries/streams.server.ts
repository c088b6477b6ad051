import { can } from "~/domain/policy";
import type { Viewer } from "~/domain/viewer";
import { sessionHolder } from "../auth/session.server";
import { getDatabase } from "../db.server";
import { type LiveBus, type LiveEvent, toWire } from "../live/bus.server";
import { rerunWhenAsked } from "../live/rerun.server";
import { logger } from "../logger.server";

// A signed-in person's server-sent-events stream (GET /events): one bus subscription filtered by `hears`;
// the session is checked again now and then, and at once when an event concerns this person.

export const HEARTBEAT_MS = 25_000;
export const SESSION_CHECK_MS = 60_000;
export const MAX_STREAMS_PER_PERSON = 5;
export const RETRY_HINT_MS = 2_000;
/** Other processes' clocks may differ and an event may be heard late (docs/decisions/0037-live-catch-up.md). */
export const CATCH_UP_MARGIN_MS = 5_000;
export const MAX_REPLAYED = 100;

/** Clients hear their own records, staff every client's; everyone hears their own role, plan and sessions. */
export function hears(viewer: Pick<Viewer, "id" | "role">, event: LiveEvent): boolean {
  if (event.kind === "unmatched-booking") return can(viewer, "bookings.read");
  if (event.kind === "practice") return true;
  if (event.kind === "session") return event.userId === viewer.id;
  if (event.kind === "profile" && event.userId === viewer.id) return true;
  return can(viewer, "client.read") || event.clientId === viewer.id;
}

/**
 * What a page rendered at `renderedAt` may not show, each once; null when that can't be known or is
 * too much to list (the page then reloads anyway).
 */
export function missedSince(
  bus: Pick<LiveBus, "heardSince">,
  viewer: Pick<Viewer, "id" | "role">,
  renderedAt: number | null,
  now = Date.now(),
): LiveEvent[] | null {
  if (renderedAt === null || renderedAt > now + CATCH_UP_MARGIN_MS) return null;
  const heard = bus.heardSince(renderedAt - CATCH_UP_MARGIN_MS);
  if (heard === null) return null;
  const distinct = new Map<string, LiveEvent>();
  for (const event of heard) if (hears(viewer, event)) distinct.set(toWire(event), event);
  return distinct.size > MAX_REPLAYED ? null : [...distinct.values()];
}

type Stream = { close(reason: string): void };

const open = new Set<Stream>();
const perPerson = new Map<string, number>();

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

const encoder = new TextEncoder();
const frame = (event: string, data: unknown) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
const encoded = new WeakMap<LiveEvent, Uint8Array>();
function changeFrame(event: LiveEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    bytes = encoder.encode(`event: change\ndata: ${toWire(event)}\n\n`);
    encoded.set(event, bytes);
  }
  return bytes;
}

/** 429 past the cap, 503 when the bus can't listen; what changed since `renderedAt` is sent first. */
export async function openStream(
  request: Request,
  viewer: Viewer,
  sessionId: string | null,
  renderedAt: number | null = null,
): Promise<Response> {
  const count = perPerson.get(viewer.id) ?? 0;
  if (count >= MAX_STREAMS_PER_PERSON) {
    return new Response("Too many open live-update streams.", {
      status: 429,
      headers: { "Retry-After": "30", "Cache-Control": "no-store" },
    });
  }
  perPerson.set(viewer.id, count + 1);

  let released = false;
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream: Stream = { close: (reason) => release(reason, true) };

  function release(reason: string, endStream: boolean) {
    if (released) return;
    released = true;
    open.delete(stream);
    const left = (perPerson.get(viewer.id) ?? 1) - 1;
    if (left > 0) perPerson.set(viewer.id, left);
    else perPerson.delete(viewer.id);
    unsubscribe?.();
    clearInterval(timer);
    request.signal.removeEventListener("abort", onAbort);
    if (endStream) {
      try {
        controller?.close();
      } catch {
        // already closed by the other side
      }
    }
    logger.debug({ userId: viewer.id, reason }, "live: stream closed");
  }
  const onAbort = () => release("client went away", false);
  request.signal.addEventListener("abort", onAbort);
  open.add(stream);

  const send = (chunk: Uint8Array) => {
    if (released || !controller) return;
    try {
      controller.enqueue(chunk);
    } catch {
      release("write failed", false);
    }
  };

  // The session is asked again from time to time, and at once when an event is about this person;
  // an event heard during a check asks for another (a sign-out ends this session in its second step).
  let lastCheck = Date.now();
  const recheck = rerunWhenAsked(async () => {
    if (released || !sessionId) return;
    lastCheck = Date.now();
    try {
      const { db } = await getDatabase();
      const now = await sessionHolder(db, sessionId);
      if (!now || now.role !== viewer.role) {
        // A new role is a different audience: end the stream; the browser opens a new one if still signed in.
        send(frame("reauth", { reason: now ? "role" : "session" }));
        release(now ? "role changed" : "session ended", true);
      }
    } catch (error) {
      logger.warn({ err: (error as Error).message }, "live: session check failed");
    }
  });

  const deliver = (event: LiveEvent) => {
    if (released || !hears(viewer, event)) return;
    send(changeFrame(event));
    if ((event.kind === "profile" || event.kind === "session") && event.userId === viewer.id) void recheck();
  };

  let bus: LiveBus;
  try {
    ({ bus } = await getDatabase());
    const remove = await bus.subscribe(deliver, () => send(frame("resync", {})));
    if (released) remove();
    else unsubscribe = remove;
  } catch (error) {
    release("bus unavailable", false);
    logger.warn({ err: (error as Error).message }, "live: cannot subscribe");
    return new Response("Live updates are unavailable right now.", {
      status: 503,
      headers: { "Retry-After": "5", "Cache-Control": "no-store" },
    });
  }

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      // Subscribed already, so nothing falls between the catch-up and "ready".
      c.enqueue(encoder.encode(`retry: ${RETRY_HINT_MS}\n\n`));
      const missed = missedSince(bus, viewer, renderedAt);
      if (missed === null) c.enqueue(frame("resync", {}));
      else for (const event of missed) deliver(event);
      c.enqueue(frame("ready", {}));
      timer = setInterval(() => {
        send(encoder.encode(": heartbeat\n\n"));
        if (Date.now() - lastCheck >= SESSION_CHECK_MS) void recheck();
      }, HEARTBEAT_MS);
      timer.unref();
    },
    cancel() {
      release("cancelled", false);
    },
  });
  if (released) return new Response(null, { status: 499 });
  return new Response(body, { headers: SSE_HEADERS });
}

export function closeAllStreams(): void {
  for (const stream of [...open]) stream.close("server stopping");
}
