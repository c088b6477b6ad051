import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, expectTypeOf, test } from "vitest";
import { activityForm } from "~/lib/schemas/admin";
import { type FormAnswer, useFetcherForm, useForm } from "./form";
import { IntentForm } from "./ui/intent-form";

/** `element` rendered at `url` as a route whose action answered `actionData`, as after a document POST. */
const routed = (element: ReactNode, url = "/", actionData?: FormAnswer) =>
  renderToString(
    <RouterProvider
      router={createMemoryRouter([{ id: "page", path: "/", element }], {
        initialEntries: [url],
        hydrationData: actionData ? { actionData: { page: actionData } } : undefined,
      })}
    />,
  );

// A refused form as the server renders it, without JavaScript.

function Activity({ answer }: { answer: FormAnswer | undefined }) {
  const form = useForm(activityForm, { answer, busy: false });
  return (
    <form>
      <input {...form.field("title")} />
      {form.error("title")}
      <textarea {...form.field("details")} />
      {form.error("details")}
      <button type="submit">Add</button>
      {form.message}
    </form>
  );
}

test("a refusal about a field: the alert beside it, aria-invalid and aria-describedby on it", () => {
  const html = renderToString(
    <Activity answer={{ ok: false, error: "Activity title is required.", field: "title" }} />,
  );
  const title = /<input[^>]*name="title"[^>]*>/.exec(html)?.[0] ?? "";
  expect(title).toContain('aria-invalid="true"');
  const describedBy = /aria-describedby="([^"]+)"/.exec(title)?.[1];
  expect(describedBy).toBeTruthy();
  expect(html).toContain(`id="${describedBy}" role="alert"`);
  expect(html.match(/role="alert"/g)).toHaveLength(1);
  expect(html.indexOf("Activity title is required.")).toBeLessThan(html.indexOf('name="details"'));
  expect(/<textarea[^>]*name="details"[^>]*>/.exec(html)?.[0]).not.toContain("aria-invalid");
});

test("a refusal about no field (the model's words): beside the button, no field marked", () => {
  const html = renderToString(<Activity answer={{ ok: false, error: "Failed to save.", field: null }} />);
  expect(html.indexOf("Failed to save.")).toBeGreaterThan(html.indexOf("<button"));
  expect(html).not.toContain("aria-invalid");
});

test("no answer, or a success: nothing in red", () => {
  expect(renderToString(<Activity answer={undefined} />)).not.toContain('role="alert"');
  expect(renderToString(<Activity answer={{ ok: true, error: null }} />)).not.toContain('role="alert"');
});

// Checked by `tsc` (tsconfig includes the tests): a form takes only its schema's keys as field names,
// and a fetcher's answer must be typed by its action.
function Misspelt() {
  const form = useForm(activityForm, { answer: undefined, busy: false });
  expectTypeOf(form.field).parameter(0).toEqualTypeOf<"title" | "details" | "link">();
  // @ts-expect-error: activityForm has no field "titel".
  const field = form.field("titel");
  // @ts-expect-error: nor an error to show beside it.
  const error = form.error("titel");
  return <input {...field} aria-errormessage={error ? "titel-error" : undefined} />;
}

function Untyped() {
  // What `useFetcher()` gives when no action names its answer: data of type `any`.
  const fetcher = { state: "idle" as const, data: JSON.parse("null") };
  // @ts-expect-error: an untyped fetcher is refused.
  const form = useFetcherForm(activityForm, fetcher);
  return <input {...form.field("title")} />;
}

test("a misspelt field name or an untyped fetcher fails tsc (and still renders)", () => {
  expect(renderToString(<Misspelt />)).toContain('name="titel"');
  expect(routed(<Untyped />)).toContain('name="title"');
});

// A first visit's held submission posts as a document (docs/decisions/0042-hydrate-on-intent.md, 2026-11-29):
// the page that comes back shows its answer beside the form its address names, and no other.
function Piece({ id }: { id: string }) {
  const fetcher = { state: "idle" as const, data: undefined as FormAnswer | undefined };
  const form = useFetcherForm(activityForm, fetcher, { answerFor: id });
  return (
    <IntentForm fetcher={undefined} form={form} hidden={{ id }} submit={`Save ${id}`}>
      <input {...form.field("title")} />
      {form.error("title")}
    </IntentForm>
  );
}

const twoPieces = (
  <>
    <Piece id="a" />
    <Piece id="b" />
  </>
);

test("a page's action data answers the form its address names, and no other", () => {
  const refused: FormAnswer = { ok: false, error: "Refused here.", field: "title" };
  const html = routed(twoPieces, "/?answer-for=b", refused);
  const forms = html.split("<form").slice(1);
  expect(forms).toHaveLength(2);
  expect(forms[0]).toContain('data-answer-for="a"');
  expect(forms[0]).not.toContain("Refused here.");
  expect(forms[1]).toContain('data-answer-for="b"');
  expect(forms[1]).toContain("Refused here.");
  expect(forms[1]).toContain('aria-invalid="true"');
  // Action data with no key in the address (a form of the page's own) answers none of them.
  expect(routed(twoPieces, "/", refused)).not.toContain("Refused here.");
});
