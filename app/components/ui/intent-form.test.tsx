import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, test } from "vitest";
import { type FormAnswer, useForm } from "~/components/form";
import { noFields } from "~/lib/forms";
import { DeleteForm, IntentForm, SubmitButton } from "./intent-form";

// The intent forms as the server renders them (no JavaScript): a plain form that posts its intent.

const rendered = (element: ReactNode) =>
  renderToString(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);

function Page({ answer, busy, footer }: { answer?: FormAnswer; busy: boolean; footer?: string }) {
  const form = useForm(noFields, { answer, busy });
  return (
    <IntentForm
      form={form}
      intent="save-note"
      hidden={{ noteId: "n1" }}
      className="grid"
      submit="Save"
      busy="Saving…"
      footer={footer}
      after={<p role="status">Saved.</p>}
    >
      <p>Content</p>
    </IntentForm>
  );
}

test("an intent form posts its intent and hidden fields, its content, then the button, the message and what follows", () => {
  const html = rendered(<Page answer={{ ok: false, error: "Refused." }} busy={false} />);
  const opener = /<form[^>]*>/.exec(html)?.[0];
  expect(opener).toContain('method="post"');
  expect(opener).toContain('class="grid"');
  const order = [
    '<input type="hidden" name="intent" value="save-note"/>',
    '<input type="hidden" name="noteId" value="n1"/>',
    "<p>Content</p>",
    ">Save</button>",
    "Refused.",
    "Saved.",
  ].map((part) => html.indexOf(part));
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test("while it posts the button is unavailable and says so; a footer puts it on a line of its own", () => {
  const html = rendered(<Page busy footer="flex gap-3" />);
  expect(html).toMatch(
    /<div class="flex gap-3"><button type="submit"[^>]*disabled=""[^>]*>Saving…<\/button>/,
  );
});

function Delete() {
  return (
    <DeleteForm<FormAnswer> intent="delete-offer" submit="Yes, delete the offer" button={{ size: "sm" }} />
  );
}

test("an action form brings its own fetcher and form: its intent and its button, nothing else", () => {
  const html = rendered(<Delete />);
  expect(html).toContain('<input type="hidden" name="intent" value="delete-offer"/>');
  expect(html).toMatch(
    /<button type="submit" class="[^"]*border-danger[^"]*">Yes, delete the offer<\/button>/,
  );
});

function Own() {
  const form = useForm(noFields, { answer: undefined, busy: true });
  return <SubmitButton form={form} submit="Delete this person" variant="danger-outline" />;
}

test("a submit button without busy words keeps its own while the form posts", () => {
  expect(renderToString(<Own />)).toMatch(/disabled=""[^>]*>Delete this person<\/button>/);
});
