import fc from "fast-check";
import { LIMITS } from "~/lib/schemas/admin";
import { adminDoes, type Case, hostileActionsFile, ids } from "../support/hostile-server";
import {
  constant,
  form,
  idValue,
  instant,
  linkRows,
  optional,
  required,
  text,
  url,
} from "../support/hostile-values";

// Hostile input (tests/support/hostile-server.ts) to saving a new or edited lesson, and deleting one.

hostileActionsFile([
  ...(["new", "edit"] as const).map(
    (mode): Case => ({
      name: `lesson ${mode}: save`,
      who: "admin",
      fields: form(
        optional("intent", { storable: fc.constant("save"), any: fc.constant("save") }),
        required("clientId", idValue("@maya@")),
        required("title", text(LIMITS.title)),
        optional("notes", text(LIMITS.notes)),
        optional("recordingUrl", url(LIMITS.url)),
        optional("occurredAt", instant),
        optional("occurredAtLocal", instant),
        optional("clientClock", { storable: fc.constant("1"), any: fc.constantFrom("1", "0", "true", "") }),
        linkRows("resourceLabel", "resourceUrl"),
      ),
      prepare: async () => ({ "@maya@": ids.maya }),
      path: () => (mode === "new" ? "/admin/lessons/new" : `/admin/lessons/${ids.lesson}`),
      shown: (_values, answer) => [
        { path: `/admin/lessons/${String(answer.data?.lessonId ?? ids.lesson)}`, who: "admin" },
        { path: "/lessons", who: "client" },
      ],
      shownFields: ["title", "notes"],
    }),
  ),
  {
    name: "lesson edit: delete",
    who: "admin",
    fields: form(constant([["intent", "delete"]]), optional("title", text(LIMITS.title))),
    prepare: async () => {
      const lesson = await adminDoes("/admin/lessons/new", {
        intent: "save",
        clientId: ids.maya,
        title: "To delete",
      });
      return { "@lesson@": String(lesson.lessonId) };
    },
    path: (values) => `/admin/lessons/${values["@lesson@"]}`,
  },
]);
