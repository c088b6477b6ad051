import fc from "fast-check";
import { expect } from "vitest";
import { LIMITS } from "~/lib/schemas/admin";
import {
  adminDoes,
  detail,
  freshLead,
  hostileActionsFile,
  ids,
  intent,
  post,
  shownToBoth,
} from "../support/hostile-server";
import {
  amount,
  dueDate,
  enumValue,
  form,
  hostileText,
  httpUrl,
  idValue,
  linkRows,
  optional,
  required,
  text,
  url,
} from "../support/hostile-values";

// Hostile input (tests/support/hostile-server.ts) to every intent of a client's detail page, and to
// converting a lead.

hostileActionsFile([
  {
    name: "client detail: set-role",
    who: "admin",
    fields: form(intent("set-role"), required("role", enumValue(["lead", "client", "coach", "admin"]))),
    prepare: async () => ({ "@client@": ids.roleTarget }),
    path: detail,
  },
  {
    name: "client detail: set-plan",
    who: "admin",
    fields: form(intent("set-plan"), required("plan", enumValue(["basic", "pro", "premium"]))),
    prepare: async () => ({ "@client@": ids.daniel }),
    path: detail,
  },
  {
    name: "client detail: adjust (quotas and special items)",
    who: "admin",
    fields: form(
      intent("adjust"),
      required(
        "kind",
        enumValue(["session_30m", "mock_interview", "resume_review", "networking_events_list"]),
      ),
      required("amount", amount),
    ),
    prepare: async () => ({ "@client@": ids.sofia }),
    path: detail,
  },
  {
    name: "client detail: add-activity",
    who: "admin",
    fields: form(
      intent("add-activity"),
      required("title", text(LIMITS.title)),
      optional("details", text(LIMITS.details)),
      optional("link", url(LIMITS.url)),
    ),
    path: detail,
    shown: shownToBoth("/dashboard"),
    shownFields: ["title"],
  },
  {
    name: "client detail: assign-homework",
    who: "admin",
    fields: form(
      intent("assign-homework"),
      required("title", text(LIMITS.title)),
      optional("dueDate", dueDate),
      optional("description", text(LIMITS.details)),
      linkRows("linkLabel", "linkUrl"),
    ),
    path: detail,
    shown: shownToBoth("/homework"),
    shownFields: ["title"],
  },
  {
    name: "client detail: review-homework",
    who: "admin",
    fields: form(
      intent("review-homework"),
      required("homeworkId", idValue("@homework@")),
      optional("feedback", text(LIMITS.details)),
    ),
    prepare: async () => {
      const homework = await adminDoes(`/admin/clients/${ids.maya}`, {
        intent: "assign-homework",
        title: "To review",
      });
      const handedIn = await post(
        "/homework",
        "client",
        [
          ["homeworkId", String(homework.id)],
          ["note", "Done"],
        ],
        { document: false, multipart: false },
      );
      expect(handedIn.status).toBe(200);
      return { "@homework@": String(homework.id) };
    },
    path: detail,
    shown: shownToBoth("/homework"),
    shownFields: ["feedback"],
  },
  {
    name: "client detail: add-resource",
    who: "admin",
    fields: form(
      intent("add-resource"),
      required("kind", enumValue(["article", "video", "guide", "practice", "template", "tool"])),
      required("title", text(LIMITS.title)),
      required("url", httpUrl(LIMITS.url)),
      optional("tags", {
        // Within 40 characters once the token is in, 10 at most.
        storable: fc
          .array(
            fc.constantFrom(
              "<script>@@",
              "<img src=x onerror=@@>",
              "javascript:@@",
              "\u202e@@",
              "😀@@",
              "\"'@@",
              "e\u0301@@",
            ),
            { maxLength: LIMITS.tags },
          )
          .map((tags) => tags.join(",")),
        any: fc.oneof(
          text(LIMITS.tagsText).any,
          fc.array(hostileText, { maxLength: 12 }).map((t) => t.join(",")),
        ),
      }),
    ),
    path: detail,
    shown: shownToBoth("/resources"),
    shownFields: ["title"],
  },
  {
    name: "client detail: remove-resource",
    who: "admin",
    fields: form(intent("remove-resource"), required("resourceId", idValue("@resource@"))),
    prepare: async () => {
      const resource = await adminDoes(`/admin/clients/${ids.maya}`, {
        intent: "add-resource",
        kind: "guide",
        title: "To remove",
        url: "https://example.com/r",
      });
      return { "@resource@": String(resource.id) };
    },
    path: detail,
  },
  {
    name: "client detail: delete-person",
    who: "admin",
    fields: form(
      intent("delete-person"),
      required("confirmEmail", {
        storable: fc.oneof(fc.constant("@email@"), fc.constant(" @EMAIL@ ")),
        any: fc.oneof(
          fc.constant("@email@"),
          fc.constant(" @EMAIL@ "),
          fc.constant("@email@\u0000"),
          fc.constant("@email@\u200b"),
          text(LIMITS.email).any,
        ),
      }),
    ),
    prepare: async () => {
      const lead = await freshLead();
      return { "@client@": lead.id, "@email@": lead.email };
    },
    path: detail,
  },
  {
    name: "client detail: an unknown intent",
    who: "admin",
    fields: form(required("intent", text(40)), optional("title", text(LIMITS.title))),
    path: detail,
    alwaysRefused: true,
  },
  {
    name: "leads & clients: convert",
    who: "admin",
    fields: form(required("id", idValue("@lead@"))),
    prepare: async () => ({ "@lead@": (await freshLead()).id }),
    path: () => "/admin/clients",
  },
]);
