import { AGREEMENT_BODY_MAX, AGREEMENT_NAME_MAX } from "~/lib/schemas/agreement";
import { adminDoes, hostileActionsFile, intent } from "../support/hostile-server";
import { enumValue, form, idValue, optional, required, text } from "../support/hostile-values";

// Hostile input (tests/support/hostile-server.ts) to the coaching agreement (docs/decisions/0047-coaching-agreement.md):
// the admin's new version, shown raw in the editor and rendered for the client, and the client's acceptance.

/** A fresh current version, so each acceptance is of one the client has not accepted yet. */
async function newVersion(): Promise<Record<string, string>> {
  const saved = await adminDoes("/admin/agreement", {
    intent: "save-agreement",
    body: "# Terms\n\nCancel a day ahead.",
    requiresAcceptance: "on",
  });
  const version = /Version (\d+) saved/.exec(String(saved.message))?.[1];
  if (!version) throw new Error(`no version in ${JSON.stringify(saved)}`);
  return { "@version@": version };
}

hostileActionsFile([
  {
    name: "agreement: a new version",
    who: "admin",
    fields: form(
      intent("save-agreement"),
      required("body", text(AGREEMENT_BODY_MAX)),
      optional("requiresAcceptance", enumValue(["on"])),
    ),
    path: () => "/admin/agreement",
    shown: () => [
      { path: "/admin/agreement", who: "admin" },
      { path: "/agreement", who: "client" },
    ],
    shownFields: ["body"],
  },
  {
    name: "agreement: a client accepts",
    who: "client",
    fields: form(
      intent("accept"),
      required("version", idValue("@version@")),
      required("fullName", text(AGREEMENT_NAME_MAX)),
      required("accept", enumValue(["on"])),
    ),
    prepare: newVersion,
    path: () => "/agreement",
    shown: () => [
      { path: "/admin/agreement", who: "admin" },
      { path: "/agreement", who: "client" },
    ],
    shownFields: ["fullName"],
  },
]);
