import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { logger } from "../logger.server";
import { HeardLog } from "./heard.server";

// Live updates (docs/decisions/0014-live-updates.md): an event names who and what changed, never the
// data; browsers that hear it reload through the usual policy.

export const LIVE_CHANNEL = "coach_changes";

export const RECORD_KINDS = [
  "usage",
  "activity",
  "lesson",
  "homework",
  "resource",
  "booking",
  "payment",
  "file",
  "intake",
  "application",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type LiveEvent =
  | { kind: RecordKind; clientId: string }
  | { kind: "profile"; clientId: string; userId: string }
  /** Sign-out: only the person's own streams hear it. */
  | { kind: "session"; userId: string }
  /** A Cal.com booking that matches no one: only staff who may read bookings hear it. */
  | { kind: "unmatched-booking" }
  /** A practice setting every client's figures follow (docs/decisions/0055-no-shows-and-expiry.md): all hear it. */
  | { kind: "practice" };

export type LiveHandler = (event: LiveEvent) => void;
export type ResyncHandler = () => void;

export type LiveBus = {
  /** Resolves once listening, so an event published afterwards is delivered. */
  subscribe(handler: LiveHandler, onResync?: ResyncHandler): Promise<() => void>;
  /** While false, anything remembered from the database may be stale. */
  listening(): boolean;
  /** Null when this process cannot vouch for every event since `time` (its own clock, ms). */
  heardSince(time: number): LiveEvent[] | null;
  /** Outside any transaction (tests, tools); models use `publishChange(tx, …)`. */
  publish(event: LiveEvent): Promise<void>;
  close(): Promise<void>;
};

type Executor = Pick<PgDatabase<PgQueryResultHKT, Record<string, unknown>>, "execute">;

const UUIDISH = /^[0-9a-f-]{36}$/i;

/** Only the known fields, so no caller puts a client's data on the wire by accident. */
export function toWire(event: LiveEvent): string {
  switch (event.kind) {
    case "unmatched-booking":
    case "practice":
      return JSON.stringify({ kind: event.kind });
    case "session":
      return JSON.stringify({ kind: event.kind, userId: event.userId });
    case "profile":
      return JSON.stringify({ kind: event.kind, clientId: event.clientId, userId: event.userId });
    default:
      return JSON.stringify({ kind: event.kind, clientId: event.clientId });
  }
}

export function parseEvent(payload: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { kind, clientId, userId } = value as Record<string, unknown>;
  const isId = (x: unknown): x is string => typeof x === "string" && UUIDISH.test(x);
  if (kind === "unmatched-booking" || kind === "practice") return { kind };
  if (kind === "session") return isId(userId) ? { kind, userId } : null;
  if (kind === "profile") return isId(clientId) && isId(userId) ? { kind, clientId, userId } : null;
  if (RECORD_KINDS.includes(kind as RecordKind) && isId(clientId)) {
    return { kind: kind as RecordKind, clientId };
  }
  return null;
}

/** Inside a transaction PostgreSQL delivers it only on commit, so no one hears of a rolled-back change. */
export async function publishChange(executor: Executor, event: LiveEvent): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${toWire(event)})`);
}

class Fanout {
  handlers = new Map<LiveHandler, ResyncHandler | undefined>();
  heard = new HeardLog<LiveEvent>();

  add(handler: LiveHandler, onResync?: ResyncHandler): () => void {
    this.handlers.set(handler, onResync);
    return () => {
      this.handlers.delete(handler);
    };
  }

  deliver(payload: string) {
    const event = parseEvent(payload);
    if (!event) return;
    this.heard.add(event);
    for (const handler of [...this.handlers.keys()]) {
      try {
        handler(event);
      } catch (error) {
        logger.error({ err: (error as Error).message }, "live: a subscriber failed");
      }
    }
  }

  resync() {
    for (const onResync of [...this.handlers.values()]) onResync?.();
  }
}

/** PGlite's LISTEN hears the NOTIFYs of its own transactions. */
export function pgliteBus(client: PGlite): LiveBus {
  const fanout = new Fanout();
  let listening: Promise<unknown> | undefined;
  return {
    async subscribe(handler, onResync) {
      listening ??= client
        .listen(LIVE_CHANNEL, (payload) => fanout.deliver(payload))
        .then(() => fanout.heard.listening());
      await listening;
      return fanout.add(handler, onResync);
    },
    listening: () => true,
    heardSince: (time) => fanout.heard.since(time),
    async publish(event) {
      await client.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, toWire(event)]);
    },
    async close() {
      fanout.handlers.clear();
    },
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** One dedicated LISTEN connection, reopened with backoff; after a reconnect subscribers resync, as events were lost. */
export function postgresBus(url: string): LiveBus {
  const fanout = new Fanout();
  let client: pg.Client | undefined;
  let ready: Promise<void> | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let publisher: pg.Client | undefined;
  let listening = false;

  const connect = (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, keepAlive: true });
    const lost = (reason: string) => {
      if (client !== next) return;
      listening = false;
      fanout.heard.deaf();
      client = undefined;
      ready = undefined;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (closed) return;
      logger.warn({ reason }, "live: LISTEN connection lost; reconnecting");
      scheduleReconnect(true);
    };
    next.on("error", (error) => lost(error.message));
    next.on("end", () => lost("ended"));
    next.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) fanout.deliver(message.payload);
    });
    client = next;
    return next
      .connect()
      .then(() => next.query(`LISTEN ${LIVE_CHANNEL}`))
      .then(() => {
        failures = 0;
        listening = client === next;
        if (listening) fanout.heard.listening();
      })
      .catch((error: Error) => {
        lost(error.message);
        throw error;
      });
  };

  const scheduleReconnect = (resync: boolean) => {
    if (retryTimer || closed || fanout.handlers.size === 0) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures) * (0.75 + Math.random() / 2);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ready = connect();
      ready.then(
        () => {
          if (resync) fanout.resync();
        },
        () => {},
      );
    }, delay);
    retryTimer.unref();
  };

  return {
    async subscribe(handler, onResync) {
      if (closed) throw new Error("the live bus is closed");
      const remove = fanout.add(handler, onResync);
      ready ??= connect();
      try {
        await ready;
      } catch (error) {
        // The caller answers 503 and the browser's retry connects again.
        remove();
        throw error;
      }
      return remove;
    },
    listening: () => listening,
    heardSince: (time) => (listening ? fanout.heard.since(time) : null),
    async publish(event) {
      if (!publisher) {
        publisher = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
        publisher.on("error", () => {
          publisher = undefined;
        });
        await publisher.connect();
      }
      await publisher.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, toWire(event)]);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      fanout.handlers.clear();
      const current = client;
      client = undefined;
      ready = undefined;
      await Promise.all([current?.end().catch(() => {}), publisher?.end().catch(() => {})]);
      publisher = undefined;
    },
  };
}
