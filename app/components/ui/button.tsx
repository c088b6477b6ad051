import type { ComponentProps } from "react";
import { Link, type LinkProps } from "react-router";

// One set of looks for every button and every link drawn as one. `className` adds layout only (margin,
// width, alignment, gap, display state such as `hidden`) and, where a place is narrower or wider than its
// size, its own horizontal padding (`px-*`), which then replaces the size's: two paddings would fight, and
// which wins is the stylesheet's order, not the attribute's.

/** The colour, and the weight the variant's text has unless `weight` says otherwise. */
const VARIANTS = {
  primary: { colour: "bg-primary text-primary-foreground hover:opacity-90", weight: "semibold" },
  outline: { colour: "border border-border hover:bg-muted", weight: "medium" },
  danger: { colour: "bg-danger text-white dark:text-background", weight: "semibold" },
  "danger-outline": { colour: "border border-danger text-danger hover:bg-danger/10", weight: "semibold" },
} as const;

/** `normal` adds nothing: the text keeps the weight of the text around it. */
const WEIGHTS = { normal: "", medium: "font-medium", semibold: "font-semibold" } as const;

const SIZES = {
  /** A button set in a line of a list (an email's "Send again", a lead's "Convert to client"). */
  xs: "rounded-md px-3 py-1 text-sm",
  /** The admin's controls in a table row or beside a count; faded further when unavailable. */
  sm: "rounded-md px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-50",
  md: "rounded-md px-4 py-2 text-sm",
  /** Beside a text field, as tall as it (the fields are px-3 py-2 text-sm too). */
  field: "rounded-md px-3 py-2 text-sm",
  /** The medium box with the text at the page's own size (the error page, a lesson's delete question). */
  body: "rounded-md px-4 py-2",
  /** The marketing pages' calls to action. */
  lg: "inline-flex items-center justify-center rounded-md px-5 py-2.5",
  /** Sign-in's one button, the page's whole width. */
  tall: "inline-flex items-center justify-center rounded-md px-5 py-3",
  /** The portal's booking links: at least 40 px high, a touch target, and rounder. */
  touch: "inline-flex min-h-10 items-center rounded-lg px-4 py-2 text-sm",
} as const;

const FADED_WHEN_DISABLED = "disabled:opacity-60";

export type ButtonStyle = {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  weight?: keyof typeof WEIGHTS;
  className?: string;
};

const classes = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");
const has = (list: string | undefined, test: (name: string) => boolean) => (list ?? "").split(" ").some(test);

/** For elements drawn by a library (a Radix `Dialog.Close`); otherwise Button, ButtonLink or ButtonAnchor. */
export function buttonClass({
  variant = "primary",
  size = "md",
  weight,
  className,
}: ButtonStyle = {}): string {
  const { colour, weight: own } = VARIANTS[variant];
  const ownPadding = has(className, (name) => name.startsWith("px-"));
  const box = SIZES[size]
    .split(" ")
    .filter((name) => !(ownPadding && name.startsWith("px-")))
    .join(" ");
  const faded = box.includes("disabled:opacity-") ? undefined : FADED_WHEN_DISABLED;
  return classes(box, faded, colour, WEIGHTS[weight ?? own], className);
}

/**
 * A link is inline: without inline-block its padding would not push the lines around it, and it centres
 * its text as a button does by the browser's default. A flex box is neither (its text, wrapped on a
 * phone, stays at the start).
 */
const linkClass = ({ size = "md", className, ...style }: ButtonStyle) => {
  const flex = SIZES[size].includes("inline-flex") || has(className, (name) => name === "inline-flex");
  return buttonClass({
    ...style,
    size,
    className: flex ? className : classes("inline-block text-center", className),
  });
};

type ButtonProps = Omit<ComponentProps<"button">, "className" | "type"> &
  ButtonStyle & {
    /** Said every time: a button in a form submits unless told otherwise. */
    type: "button" | "submit" | "reset";
  };

export function Button({ variant, size, weight, className, type, ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, weight, className })} {...props} />;
}

/** React Router's Link. */
export function ButtonLink({
  variant,
  size,
  weight,
  className,
  ...props
}: Omit<LinkProps, "className"> & ButtonStyle) {
  return <Link className={linkClass({ variant, size, weight, className })} {...props} />;
}

/** A plain <a>: a download, another site, or a page the server renders whole. */
export function ButtonAnchor({
  variant,
  size,
  weight,
  className,
  ...props
}: Omit<ComponentProps<"a">, "className"> & ButtonStyle) {
  return <a className={linkClass({ variant, size, weight, className })} {...props} />;
}
