import { describe, expect, test } from "vitest";
import { DEFAULT_INTAKE_QUESTIONS } from "~/content/intake";
import {
  answerFormFor,
  checkAnswers,
  checkQuestionnaire,
  INTAKE_LIMITS,
  INTAKE_MESSAGES,
  type IntakeQuestion,
  intakeAnswersForm,
  questionnaireForm,
  readAnswers,
} from "./intake";

const QUESTIONS: IntakeQuestion[] = [
  { id: "role", type: "short", label: "Role?", required: true },
  { id: "story", type: "long", label: "Story?", required: false },
  { id: "when", type: "one", label: "When?", required: true, options: ["Soon", "Later"] },
  {
    id: "help",
    type: "many",
    label: "Help with?",
    required: false,
    options: ["Resume", "Interviews", "Pay"],
  },
  { id: "cv", type: "link", label: "Resume link", required: false },
];

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("the coach's questions", () => {
  test("the default set is valid and asks what the issue names", () => {
    const checked = checkQuestionnaire(DEFAULT_INTAKE_QUESTIONS);
    expect(checked.ok).toBe(true);
    const labels = DEFAULT_INTAKE_QUESTIONS.map((q) => q.label.toLowerCase()).join(" | ");
    for (const word of ["roles", "offer", "where are you", "resume", "linkedin", "github", "worries"])
      expect(labels).toContain(word);
  });

  test("a type the site doesn't know is refused, naming the question", () => {
    const checked = checkQuestionnaire([{ id: "a", type: "essay", label: "Tell me", required: false }]);
    expect(checked).toEqual({
      ok: false,
      error: `Question 1: ${INTAKE_MESSAGES.unknownType}`,
      field: "questions",
    });
  });

  test.each([
    ["no options on a choice", [{ id: "a", type: "one", label: "Pick", required: true, options: ["Only"] }]],
    [
      "the same option twice",
      [{ id: "a", type: "many", label: "Pick", required: true, options: ["x", "x"] }],
    ],
    ["an empty question", [{ id: "a", type: "short", label: "   ", required: true }]],
    ["an unknown key", [{ id: "a", type: "short", label: "Q", required: true, html: "<b>" }]],
    ["two questions with one id", [QUESTIONS[0], QUESTIONS[0]]],
    ["no question", []],
    [
      "too many questions",
      Array.from({ length: INTAKE_LIMITS.questions + 1 }, (_, i) => ({ ...QUESTIONS[0], id: `q${i}` })),
    ],
    ["a bad id", [{ id: "A B", type: "short", label: "Q", required: true }]],
  ])("%s is refused", (_what, questions) => {
    expect(checkQuestionnaire(questions).ok).toBe(false);
  });

  test("options are dropped from a text question; help left empty goes", () => {
    const checked = checkQuestionnaire([
      { id: "a", type: "short", label: "Q", help: "", required: true, options: ["x"] },
    ]);
    expect(checked).toEqual({ ok: true, data: [{ id: "a", type: "short", label: "Q", required: true }] });
  });

  test("the editor's field must be JSON", () => {
    expect(questionnaireForm.parse(form([["questions", "{not json"]]))).toMatchObject({
      ok: false,
      error: INTAKE_MESSAGES.notJson,
    });
    expect(questionnaireForm.parse(form([["questions", JSON.stringify(QUESTIONS)]])).ok).toBe(true);
  });
});

describe("a client's answers", () => {
  test("are read from the form: one field per question, a pick per box ticked", () => {
    const raw = readAnswers(
      form([
        ["q.role", "Backend"],
        ["pick", "help:Resume"],
        ["pick", "help:Pay"],
        ["responseId", "x"],
      ]),
    );
    expect(raw).toEqual({ role: "Backend", help: ["Resume", "Pay"] });
  });

  test("a draft may leave required ones out; a submission may not, and names the field", () => {
    expect(checkAnswers(QUESTIONS, { role: "Backend" }, { complete: false })).toEqual({
      ok: true,
      data: { role: "Backend" },
    });
    expect(checkAnswers(QUESTIONS, { role: "Backend" }, { complete: true })).toEqual({
      ok: false,
      error: INTAKE_MESSAGES.required,
      field: "q.when",
    });
  });

  test("choices must be among the options, kept in the coach's order", () => {
    expect(checkAnswers(QUESTIONS, { when: "Never" }, { complete: false })).toMatchObject({
      ok: false,
      error: INTAKE_MESSAGES.notAnOption,
      field: "q.when",
    });
    expect(checkAnswers(QUESTIONS, { help: ["Pay", "Hack"] }, { complete: false }).ok).toBe(false);
    expect(checkAnswers(QUESTIONS, { help: ["Pay", "Resume", "Pay"] }, { complete: false })).toEqual({
      ok: true,
      data: { help: ["Resume", "Pay"] },
    });
  });

  test.each([
    ["short", "role", "x".repeat(INTAKE_LIMITS.short + 1)],
    ["long", "story", "x".repeat(INTAKE_LIMITS.long + 1)],
    ["link", "cv", `https://example.com/${"x".repeat(INTAKE_LIMITS.link)}`],
  ])("a %s answer over its limit is refused", (_type, id, value) => {
    const checked = checkAnswers(QUESTIONS, { [id]: value }, { complete: false });
    expect(checked).toMatchObject({ ok: false, field: `q.${id}` });
  });

  test("links sent are http(s) only; a draft keeps one as typed", () => {
    const rest = { role: "Backend", when: "Soon" };
    for (const bad of ["javascript:alert(1)", "ftp://example.com", "example.com"]) {
      expect(checkAnswers(QUESTIONS, { ...rest, cv: bad }, { complete: true })).toMatchObject({
        ok: false,
        error: INTAKE_MESSAGES.link,
      });
      expect(checkAnswers(QUESTIONS, { cv: bad }, { complete: false })).toEqual({
        ok: true,
        data: { cv: bad },
      });
    }
    expect(
      checkAnswers(QUESTIONS, { ...rest, cv: "https://example.com/cv.pdf" }, { complete: true }).ok,
    ).toBe(true);
  });

  test("HTML is kept as the text typed; answers to questions not asked are dropped", () => {
    const html = '<img src=x onerror="alert(1)"><b>Backend</b>';
    expect(checkAnswers(QUESTIONS, { role: html, forged: "x" }, { complete: false })).toEqual({
      ok: true,
      data: { role: html },
    });
  });

  test("a list sent for a text question, or control characters, are refused", () => {
    expect(checkAnswers(QUESTIONS, { role: ["a", "b"] }, { complete: false }).ok).toBe(false);
    expect(checkAnswers(QUESTIONS, { role: "a\u0000b" }, { complete: false }).ok).toBe(false);
  });

  test("the browser's form checks a submission fully and a draft loosely", () => {
    const definition = answerFormFor(QUESTIONS);
    expect(definition.parse(form([["intent", "submit"]])).ok).toBe(false);
    expect(definition.parse(form([["intent", "save-draft"]])).ok).toBe(true);
  });

  test("the server's form wants a request id", () => {
    expect(intakeAnswersForm.parse(form([["q.role", "x"]]))).toMatchObject({ ok: false });
    const id = "7d3f5c2e-8b1a-4c6d-9e0f-123456789abc";
    expect(intakeAnswersForm.parse(form([["responseId", id]]))).toEqual({
      ok: true,
      data: { responseId: id, raw: {} },
    });
  });
});
