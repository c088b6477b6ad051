import { intentsOn } from "~/server/intents.server";

/** Whose page it is: what every intent of a client's page works on, besides the database. */
export type ClientPage = { clientId: string };

/** An intent of the client page: staff only, with the permission it names (app/server/intents.server.ts). */
export const clientIntent = intentsOn<ClientPage>("staff");
