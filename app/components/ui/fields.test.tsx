import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useFetcher } from "react-router";
import { expect, test } from "vitest";
import { type FormAnswer, useForm } from "~/components/form";
import { activityForm, resourceForm } from "~/lib/schemas/admin";
import { compactInputClass, inputClass } from "./control-classes";
import {
  AddCard,
  CheckboxField,
  CheckboxGroupField,
  ErrorList,
  FileField,
  RadioGroupField,
  SelectField,
  TextareaField,
  TextField,
} from "./fields";

// Fields as the server renders them (no JavaScript): what a screen reader is told comes from the markup.

const tagOf = (html: string, tag: string, name: string) =>
  new RegExp(`<${tag}[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
/** The text of the <label for=id>, if there is one. */
const labelFor = (html: string, id: string | undefined) =>
  new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`).exec(html)?.[1];
const textOf = (html: string, id = "") => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

function Activity({ answer }: { answer: FormAnswer | undefined }) {
  const form = useForm(activityForm, { answer, busy: false });
  return (
    <form>
      <TextField form={form} name="title" label="Activity title" description="What happened, in a line." />
      <TextareaField form={form} name="details" label="Details (optional)" rows={2} />
      <TextField form={form} name="link" label="Link (optional)" />
    </form>
  );
}

test("a label names its input, and a description is read with it", () => {
  const html = renderToString(<Activity answer={undefined} />);
  const title = tagOf(html, "input", "title");
  expect(labelFor(html, attr(title, "id"))).toBe("Activity title");
  const described = attr(title, "aria-describedby") ?? "";
  expect(described.split(" ")).toHaveLength(1);
  expect(textOf(html, described)).toBe("What happened, in a line.");
  const details = tagOf(html, "textarea", "details");
  expect(labelFor(html, attr(details, "id"))).toBe("Details (optional)");
  // No description, no problem: nothing to point at.
  expect(details).not.toContain("aria-describedby");
  expect(html).not.toContain("aria-invalid");
  expect(html).not.toContain('role="alert"');
});

test("a problem about one field: that field alone is invalid and points at the problem and its description", () => {
  const html = renderToString(
    <Activity answer={{ ok: false, error: "Activity title is required.", field: "title" }} />,
  );
  const title = tagOf(html, "input", "title");
  expect(attr(title, "aria-invalid")).toBe("true");
  const [description, problem] = (attr(title, "aria-describedby") ?? "").split(" ");
  expect(textOf(html, description)).toBe("What happened, in a line.");
  expect(html).toContain(`id="${problem}" role="alert"`);
  expect(textOf(html, problem)).toBe("Activity title is required.");
  // The problem stands under its own field, before the next one.
  expect(html.indexOf("Activity title is required.")).toBeLessThan(html.indexOf('name="details"'));
  expect(tagOf(html, "textarea", "details")).not.toContain("aria-invalid");
  expect(tagOf(html, "input", "link")).not.toContain("aria-invalid");
});

test("a problem about another field leaves this one valid", () => {
  const html = renderToString(<Activity answer={{ ok: false, error: "Use a full link.", field: "link" }} />);
  expect(tagOf(html, "input", "title")).not.toContain("aria-invalid");
  const link = tagOf(html, "input", "link");
  expect(attr(link, "aria-invalid")).toBe("true");
  expect(textOf(html, attr(link, "aria-describedby") ?? "")).toBe("Use a full link.");
});

test("every id is unique on a page that draws the same field twice", () => {
  const html = renderToString(
    <>
      <Activity answer={undefined} />
      <Activity answer={undefined} />
    </>,
  );
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
  expect(new Set(ids).size).toBe(ids.length);
});

test("a select, a file, a checkbox without a form: named by their labels, posted by their names", () => {
  const html = renderToString(
    <>
      <SelectField
        name="kind"
        label="What is it?"
        options={[
          ["cv", "CV"],
          ["letter", "Cover letter"],
        ]}
        defaultValue="letter"
      />
      <FileField name="file" label="File" description="PDF or PNG." multiple />
      <CheckboxField name="agree" label="I agree" />
    </>,
  );
  const select = tagOf(html, "select", "kind");
  expect(labelFor(html, attr(select, "id"))).toBe("What is it?");
  expect(html).toMatch(/<option value="letter" selected="">Cover letter<\/option>/);
  const file = tagOf(html, "input", "file");
  expect(file).toContain('type="file"');
  expect(file).toContain("multiple");
  expect(textOf(html, attr(file, "aria-describedby") ?? "")).toBe("PDF or PNG.");
  const box = tagOf(html, "input", "agree");
  expect(box).toContain('type="checkbox"');
  expect(labelFor(html, attr(box, "id"))).toBe("I agree");
});

function Kinds({ answer }: { answer: FormAnswer | undefined }) {
  const form = useForm(resourceForm, { answer, busy: false });
  return (
    <RadioGroupField
      form={form}
      name="kind"
      label="Kind"
      options={[
        ["guide", "Guide"],
        ["video", "Video"],
      ]}
      defaultValue="video"
    />
  );
}

test("one class for every control: the shared one, the compact one, or the caller's own", () => {
  const html = renderToString(
    <>
      <TextField name="a" label="A" />
      <TextField name="b" label="B" compact />
      <TextField name="c" label="C" inputClassName="font-mono" />
    </>,
  );
  expect(attr(tagOf(html, "input", "a"), "class")).toBe(inputClass);
  expect(attr(tagOf(html, "input", "b"), "class")).toBe(compactInputClass);
  expect(attr(tagOf(html, "input", "c"), "class")).toBe("font-mono");
});

test("a radio group: its legend names it, each choice its label, and a problem reaches every choice", () => {
  const calm = renderToString(<Kinds answer={undefined} />);
  expect(calm).toMatch(/<fieldset[^>]*><legend>Kind<\/legend>/);
  expect(calm.match(/type="radio"/g)).toHaveLength(2);
  expect(tagOf(calm, "input", "kind")).not.toContain("checked");
  expect(/<input[^>]*checked=""[^>]*>/.exec(calm)?.[0]).toContain('value="video"');
  expect(calm).not.toContain("aria-invalid");
  const refused = renderToString(<Kinds answer={{ ok: false, error: "Choose a kind.", field: "kind" }} />);
  const radios = [...refused.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((match) => match[0]);
  expect(radios).toHaveLength(2);
  for (const radio of radios) {
    expect(attr(radio, "aria-invalid")).toBe("true");
    expect(textOf(refused, attr(radio, "aria-describedby") ?? "")).toBe("Choose a kind.");
  }
});

test("a box group posts each ticked choice under one name; its field is named by the legend and refused as one", () => {
  function Goals({ answer }: { answer: FormAnswer | undefined }) {
    const form = useForm(resourceForm, { answer, busy: false });
    const options = [
      ["q1:More pay", "More pay"],
      ["q1:Less travel", "Less travel"],
    ] as const;
    return (
      <CheckboxGroupField
        form={form}
        name="kind"
        input="pick"
        label="Goals"
        description="Any of them."
        options={options}
        defaultValues={["q1:Less travel"]}
        prominent
      />
    );
  }
  const calm = renderToString(<Goals answer={undefined} />);
  expect(calm).toMatch(/<fieldset class="grid gap-1.5"><legend class="font-medium">Goals<\/legend>/);
  const boxes = [...calm.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((match) => match[0]);
  expect(boxes.map((box) => [attr(box, "name"), attr(box, "value"), box.includes("checked")])).toEqual([
    ["pick", "q1:More pay", false],
    ["pick", "q1:Less travel", true],
  ]);
  const refused = renderToString(<Goals answer={{ ok: false, error: "Pick one.", field: "kind" }} />);
  for (const box of refused.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)) {
    const [hint, problem] = (attr(box[0], "aria-describedby") ?? "").split(" ");
    expect([textOf(refused, hint), textOf(refused, problem)]).toEqual(["Any of them.", "Pick one."]);
  }
});

test("an error list shows each problem once it has any, and nothing without", () => {
  expect(renderToString(<ErrorList errors={[null, undefined, ""]} />)).toBe("");
  const html = renderToString(<ErrorList id="problems" errors={["Too long.", null, "Not a link."]} />);
  expect(html).toMatch(
    /^<ul id="problems" role="alert"[^>]*><li>Too long\.<\/li><li>Not a link\.<\/li><\/ul>$/,
  );
});

function AddActivity() {
  const fetcher = useFetcher<FormAnswer>();
  const form = useForm(activityForm, {
    answer: { ok: false, error: "Failed to save.", field: null },
    busy: false,
  });
  return (
    <AddCard fetcher={fetcher} form={form} intent="add-activity" submit="Add activity" busy="Adding…">
      <TextField form={form} name="title" label="Activity title" />
    </AddCard>
  );
}

test("an add card posts its intent, its fields, then the button with the form's message beside it", () => {
  const router = createMemoryRouter([{ path: "/", element: <AddActivity /> }]);
  const html = renderToString(<RouterProvider router={router} />);
  expect(/<form[^>]*>/.exec(html)?.[0]).toContain('method="post"');
  expect(html).toContain('<input type="hidden" name="intent" value="add-activity"/>');
  expect(html.indexOf('name="title"')).toBeLessThan(html.indexOf(">Add activity</button>"));
  expect(html.indexOf(">Add activity</button>")).toBeLessThan(html.indexOf("Failed to save."));
});
