import { renderToString } from "react-dom/server";
import { expect, expectTypeOf, test } from "vitest";
import { activityForm } from "~/lib/schemas/admin";
import { type FormAnswer, useFetcherForm, useForm } from "./form";

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
  expect(renderToString(<Untyped />)).toContain('name="title"');
});
