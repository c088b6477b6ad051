import type { Db } from "~/server/db.server";
import { intentsOn } from "~/server/intents.server";

/** What every intent of a client's page works on: the database, and whose page it is. */
export type ClientPage = { db: Db; clientId: string };

/** An intent of the client page: staff only, with the permission it names (app/server/intents.server.ts). */
export const clientIntent = intentsOn<ClientPage>("staff");
