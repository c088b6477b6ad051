import { adminDoes, hostileActionsFile, ids, shownToBoth } from "../support/hostile-server";
import { form, httpUrl, idValue, optional, required, text } from "../support/hostile-values";

// Hostile input (tests/support/hostile-server.ts) to a client's hand-in and data deletion request.

hostileActionsFile([
  {
    name: "homework: hand-in",
    who: "client",
    fields: form(
      required("homeworkId", idValue("@homework@")),
      optional("url", httpUrl(2048)),
      required("note", text(2000)),
    ),
    prepare: async () => {
      const homework = await adminDoes(`/admin/clients/${ids.maya}`, {
        intent: "assign-homework",
        title: "To hand in",
      });
      return { "@homework@": String(homework.id) };
    },
    path: () => "/homework",
    shown: shownToBoth("/homework"),
    shownFields: ["note"],
  },
  {
    name: "your data: deletion request",
    who: "deleter",
    fields: form(optional("note", text(1000))),
    path: () => "/account",
    shown: () => [{ path: `/admin/clients/${ids.deleter}`, who: "admin" }],
    shownFields: ["note"],
  },
]);
