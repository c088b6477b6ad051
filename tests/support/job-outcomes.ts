import type { Plan } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import type { ApplicationInput } from "~/lib/schemas/job-search";
import type { Db } from "~/server/db.server";
import { acceptOffer, saveOffer } from "~/server/models/job-offers.server";
import { createApplication } from "~/server/models/job-search.server";
import { authorize } from "~/server/policy.server";
import { insertPerson } from "./people";

/** An application as the add form sends it (app/lib/schemas/job-search.ts). */
export const APPLICATION_FIELDS: ApplicationInput = {
  company: "Acme",
  role: "Staff engineer",
  url: null,
  level: null,
  location: null,
  remote: false,
  source: "applied",
  appliedOn: "2026-03-02",
  notes: null,
};

/** A job search test file's people: `client(name)` a new client on `plan`, `own(person)` their permission. */
export function jobSearchClients(db: () => Db, plan: Plan) {
  return {
    client: (name: string) => insertPerson(db(), "client", plan, name),
    own: (person: Viewer) => authorize(person, "job-search.own"),
  };
}

// A client who accepted an offer, through the models the portal uses (app/routes/portal/offers.tsx).

export async function clientWithOutcome(
  db: Db,
  name: string,
  { plan = "pro" as Plan | null, company = "Acme", consent = false } = {},
): Promise<{ client: Viewer; outcomeId: string }> {
  const client = await insertPerson(db, "client", plan, name);
  const own = authorize(client, "job-search.own");
  const application = await createApplication(db, own, { ...APPLICATION_FIELDS, company }, "offer");
  const offer = await saveOffer(db, own, application.id, {
    currency: "CAD",
    base: "185000",
    bonus: "",
    equityPerYear: "",
    signOn: "",
    level: "",
    location: "",
    deadline: "",
    notes: "",
  });
  if (!offer) throw new Error("offer not saved");
  const outcome = await acceptOffer(db, own, offer.id, { consent });
  if (!outcome) throw new Error("offer not accepted");
  return { client, outcomeId: outcome.id };
}
