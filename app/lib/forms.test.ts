import { expect, test } from "vitest";
import { text, values } from "./forms";
import { activityForm, homeworkAssignForm, homeworkReviewForm, lessonForm } from "./schemas/admin";
import { homeworkSubmissionForm } from "./schemas/homework";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const ID = "00000000-0000-4000-8000-000000000001";

test("a missing field reads as blank and gets the blank field's message, naming the field", () => {
  expect(activityForm.parse(form([]))).toEqual({
    ok: false,
    error: "Activity title is required.",
    field: "title",
  });
  expect(activityForm.parse(form([["title", "   "]]))).toEqual({
    ok: false,
    error: "Activity title is required.",
    field: "title",
  });
});

test("a valid form parses to the schema's output; fields the schema doesn't name are ignored", () => {
  const parsed = activityForm.parse(
    form([
      ["intent", "add-activity"],
      ["title", " Call "],
      ["details", ""],
    ]),
  );
  expect(parsed).toEqual({ ok: true, data: { title: "Call", details: null, link: null } });
});

test("link rows are read from repeated fields and declared repeatable", () => {
  const parsed = homeworkAssignForm.parse(
    form([
      ["title", "STAR stories"],
      ["linkLabel", "Guide"],
      ["linkUrl", "https://example.com/guide"],
      ["linkLabel", "Dropped"],
      ["linkUrl", ""],
    ]),
  );
  expect(parsed.ok && parsed.data.links).toEqual([{ label: "Guide", url: "https://example.com/guide" }]);
  expect(homeworkAssignForm.repeatable).toEqual(["linkLabel", "linkUrl"]);
});

test("a problem with a hidden field is reported as such, so it shows beside the button", () => {
  expect(homeworkReviewForm.hidden).toEqual(["homeworkId"]);
  expect(homeworkReviewForm.parse(form([["homeworkId", "nope"]]))).toMatchObject({
    ok: false,
    field: "homeworkId",
  });
});

test("the spec's messages, in the order a person meets them: client first, then title", () => {
  expect(lessonForm.parse(form([["title", "Mock"]]))).toMatchObject({
    error: "Select a client.",
    field: "clientId",
  });
  expect(lessonForm.parse(form([["clientId", ID]]))).toMatchObject({
    error: "Title is required.",
    field: "title",
  });
  expect(homeworkSubmissionForm.parse(form([["homeworkId", ID]]))).toMatchObject({
    error: "Add a link, a note or a file before submitting.",
    field: "url",
  });
});

test("the lesson's time: the browser's instant once its script ran, else the local value typed", () => {
  const base: [string, string][] = [
    ["clientId", ID],
    ["title", "Mock"],
  ];
  const withClock = lessonForm.parse(
    form([
      ...base,
      ["clientClock", "1"],
      ["occurredAt", "2025-03-14T10:30:00.000Z"],
      ["occurredAtLocal", "x"],
    ]),
  );
  expect(withClock.ok && withClock.data.occurredAt.toISOString()).toBe("2025-03-14T10:30:00.000Z");
  const noScript = lessonForm.parse(form([...base, ["occurredAtLocal", "garbage"]]));
  expect(noScript).toMatchObject({ ok: false, error: "Enter a valid date and time.", field: "occurredAt" });
});

test("text and values read strings only", () => {
  const data = form([
    ["a", "1"],
    ["a", "2"],
  ]);
  data.append("file", new Blob(["x"]));
  expect(values(data, "a")).toEqual(["1", "2"]);
  expect(values(data, "file")).toEqual([]);
  expect(text(data, "file")).toBe("");
  expect(text(data, "missing")).toBe("");
});
