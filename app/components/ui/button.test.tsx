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

test("each variant and size is its own set of classes, never two paddings, radii, backgrounds, weights or fades", () => {
  const sizes = ["xs", "sm", "md", "field", "body", "lg", "tall", "touch"] as const;
  for (const variant of ["primary", "outline", "danger", "danger-outline"] as const) {
    for (const size of sizes) {
      const classes = buttonClass({ variant, size }).split(" ");
      for (const prefix of [/^px-/, /^py-/, /^rounded-/, /^font-/, /^disabled:opacity-/])
        expect(classes.filter((name) => prefix.test(name))).toHaveLength(1);
      expect(classes.filter((name) => /^bg-/.test(name)).length).toBeLessThanOrEqual(1);
    }
  }
});

test("a weight of its own replaces the variant's; normal keeps the text around it", () => {
  expect(buttonClass({ weight: "medium" }).split(" ")).toContain("font-medium");
  expect(buttonClass({ weight: "medium" })).not.toContain("font-semibold");
  expect(buttonClass({ variant: "outline", weight: "normal" })).not.toMatch(/font-/);
});

test("a use's own horizontal padding replaces the size's", () => {
  const classes = buttonClass({ size: "xs", className: "ml-3 px-2.5" }).split(" ");
  expect(classes.filter((name) => name.startsWith("px-"))).toEqual(["px-2.5"]);
  expect(classes).toContain("py-1");
});

test("the admin's row controls fade to half when disabled, the rest to 60 %", () => {
  expect(buttonClass({ size: "sm" }).split(" ")).toEqual(
    expect.arrayContaining(["disabled:opacity-50", "disabled:cursor-not-allowed"]),
  );
  expect(buttonClass({ size: "md" }).split(" ")).toContain("disabled:opacity-60");
});

test("the booking links are at least 40 px high and rounder", () => {
  expect(buttonClass({ size: "touch" }).split(" ")).toEqual(
    expect.arrayContaining(["min-h-10", "rounded-lg"]),
  );
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
  expect(classOf(link)).toEqual(
    expect.arrayContaining(["inline-block", "text-center", "border-border", "mt-6"]),
  );

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

test("a link laid out as a flex box by its use is neither inline-block nor centred (its wrapped text starts at the left)", () => {
  const classes = classOf(
    renderToStaticMarkup(<ButtonAnchor href="/" size="body" className="inline-flex items-center gap-2" />),
  );
  expect(classes).toContain("inline-flex");
  expect(classes).not.toContain("inline-block");
  expect(classes).not.toContain("text-center");
});
