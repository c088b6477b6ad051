import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { logger } from "../logger.server";
import { HeardLog } from "./heard.server";

// Live updates (docs/decisions/0014-live-updates.md): after a change to a client's data commits, a
// tiny event goes through PostgreSQL NOTIFY on one channel; every process LISTENs once and hands it
// to its open streams. The event names who and what kind of thing changed, never the data itself:
// browsers that hear it ask their loaders again, which apply the usual policy.

export const LIVE_CHANNEL = "coach_changes";

/** Kinds of a client's records: the client and staff hear them. */
export const RECORD_KINDS = [
  "usage",
  "activity",
  "lesson",
  "homework",
  "resource",
  "booking",
  "payment",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type LiveEvent =
  /** A client's records changed. */
  | { kind: RecordKind; clientId: string }
  /** A person's role or plan changed: their own streams and staff hear it. */
  | { kind: "profile"; clientId: string; userId: string }
  /** A person's sessions ended (sign-out): only their own streams hear it. */
  | { kind: "session"; userId: string }
  /**
   * A Cal.com booking that matches no one arrived or changed (docs/decisions/0028-bookings.md): it
   * names no client, and only staff who may read bookings hear it (the admin home lists these).
   */
  | { kind: "unmatched-booking" };

export type LiveHandler = (event: LiveEvent) => void;
/** Said to subscribers when events may have been missed (the LISTEN connection was lost). */
export type ResyncHandler = () => void;

export type LiveBus = {
  /** Resolves once this process is listening, so an event published afterwards is delivered. */
  subscribe(handler: LiveHandler, onResync?: ResyncHandler): Promise<() => void>;
  /**
   * Whether this process hears changes right now (its LISTEN connection is up). While it is not,
   * anything remembered from the database may be stale, and the database itself may be down.
   */
  listening(): boolean;
  /**
   * The events this process heard at `time` (its own clock, ms) or later, oldest first; null when it
   * cannot vouch for all of them (it was not listening for part of that time, or has forgotten some).
   */
  heardSince(time: number): LiveEvent[] | null;
  /** Publishes outside any transaction (tests, tools); models use `publishChange(tx, …)`. */
  publish(event: LiveEvent): Promise<void>;
  close(): Promise<void>;
};

/** Anything that runs SQL: the database or a transaction. */
type Executor = Pick<PgDatabase<PgQueryResultHKT, Record<string, unknown>>, "execute">;

const UUIDISH = /^[0-9a-f-]{36}$/i;

/** Only the known fields, so no caller can put a client's data on the wire by accident. */
export function toWire(event: LiveEvent): string {
  switch (event.kind) {
    case "unmatched-booking":
      return JSON.stringify({ kind: event.kind });
    case "session":
      return JSON.stringify({ kind: event.kind, userId: event.userId });
    case "profile":
      return JSON.stringify({ kind: event.kind, clientId: event.clientId, userId: event.userId });
    default:
      return JSON.stringify({ kind: event.kind, clientId: event.clientId });
  }
}

/** A payload from the channel, or null when it is not one of ours. */
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
  if (kind === "unmatched-booking") return { kind };
  if (kind === "session") return isId(userId) ? { kind, userId } : null;
  if (kind === "profile") return isId(clientId) && isId(userId) ? { kind, clientId, userId } : null;
  if (RECORD_KINDS.includes(kind as RecordKind) && isId(clientId)) {
    return { kind: kind as RecordKind, clientId };
  }
  return null;
}

/**
 * Publishes an event through the database. Inside a transaction, PostgreSQL delivers it when (and
 * only if) the transaction commits, so listeners never hear of a change that was rolled back.
 */
export async function publishChange(executor: Executor, event: LiveEvent): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${toWire(event)})`);
}

/** Subscribers of one process, fed by one source (a LISTEN). */
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

/** PGlite: one process, one connection; its LISTEN hears the NOTIFYs of its own transactions. */
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
    // In-process: it cannot lose its connection.
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

/**
 * PostgreSQL: one dedicated connection (not from the pool) LISTENs for the whole process, opened on
 * the first subscriber and re-opened with backoff when it drops. After a reconnect, subscribers are
 * told to resync: events sent while no one listened are lost.
 */
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
        // The caller answers 503 and the browser retries later, which tries to connect again.
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
