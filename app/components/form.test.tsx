import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { activityForm } from "~/lib/schemas/admin";
import { type FormAnswer, useForm } from "./form";

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
