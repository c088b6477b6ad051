import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, expectTypeOf, test } from "vitest";
import { Button, ButtonAnchor, ButtonLink, buttonClass } from "./button";

const classOf = (html: string) => (/class="([^"]*)"/.exec(html)?.[1] ?? "").split(" ");

test("a Button is a <button> with what it is given: type, name, value, form, disabled, aria", () => {
  const html = renderToStaticMarkup(
    <Button type="submit" name="id" value="42" form="convert" disabled aria-label="Convert Ada">
      Convert
    </Button>,
  );
  expect(html).toMatch(/^<button [^>]*>Convert<\/button>$/);
  for (const attribute of [
    'type="submit"',
    'name="id"',
    'value="42"',
    'form="convert"',
    'disabled=""',
    'aria-label="Convert Ada"',
  ])
    expect(html).toContain(attribute);
});

test("a ref reaches the element", () => {
  expectTypeOf<ComponentProps<typeof Button>["ref"]>().toExtend<React.Ref<HTMLButtonElement> | undefined>();
  expectTypeOf<ComponentProps<typeof ButtonAnchor>["ref"]>().toExtend<
    React.Ref<HTMLAnchorElement> | undefined
  >();
});

test("the default is the primary look at the medium size; the caller's classes come last", () => {
  const classes = classOf(renderToStaticMarkup(<Button type="button" className="justify-self-start" />));
  expect(classes).toEqual(expect.arrayContaining(["bg-primary", "px-4", "py-2", "text-sm", "font-semibold"]));
  expect(classes.at(-1)).toBe("justify-self-start");
});

test("each variant and size is its own set of classes, never two paddings or two backgrounds", () => {
  for (const variant of ["primary", "outline", "danger", "danger-outline"] as const) {
    for (const size of ["sm", "md", "lg"] as const) {
      const classes = buttonClass({ variant, size }).split(" ");
      expect(classes.filter((name) => /^px-/.test(name))).toHaveLength(1);
      expect(classes.filter((name) => /^py-/.test(name))).toHaveLength(1);
      expect(classes.filter((name) => /^bg-/.test(name)).length).toBeLessThanOrEqual(1);
      expect(classes.filter((name) => /^font-/.test(name))).toHaveLength(1);
    }
  }
});

test("a ButtonLink is React Router's link, a ButtonAnchor a plain <a>; both laid out as blocks in the line", () => {
  const link = renderToStaticMarkup(
    <MemoryRouter>
      <ButtonLink to="/pricing" variant="outline" className="mt-6">
        See pricing
      </ButtonLink>
    </MemoryRouter>,
  );
  expect(link).toMatch(/^<a [^>]*href="\/pricing"[^>]*>See pricing<\/a>$/);
  expect(classOf(link)).toEqual(expect.arrayContaining(["inline-block", "border-border", "mt-6"]));

  const anchor = renderToStaticMarkup(
    <ButtonAnchor href="/account/data" download="my-data.json">
      Download
    </ButtonAnchor>,
  );
  expect(anchor).toContain('download="my-data.json"');
  expect(classOf(anchor)).toContain("inline-block");
});

test("the large size is a centred inline flex box, for a button and a link alike", () => {
  const button = classOf(renderToStaticMarkup(<Button type="submit" size="lg" />));
  const anchor = classOf(renderToStaticMarkup(<ButtonAnchor href="/" size="lg" />));
  for (const classes of [button, anchor]) {
    expect(classes).toEqual(
      expect.arrayContaining(["inline-flex", "items-center", "justify-center", "px-5"]),
    );
    expect(classes).not.toContain("inline-block");
  }
});
