import type { ComponentProps } from "react";
import { Link, type LinkProps } from "react-router";

// One look for every button and every link drawn as one. `className` adds layout only (margin, width,
// alignment, gap, display state such as `hidden`): a second padding, colour or text size would fight
// these classes, and which wins is the stylesheet's order, not the attribute's.

const VARIANTS = {
  primary: "bg-primary font-semibold text-primary-foreground hover:opacity-90",
  outline: "border border-border font-medium hover:bg-muted",
  danger: "bg-danger font-semibold text-white dark:text-background",
  "danger-outline": "border border-danger font-semibold text-danger hover:bg-danger/10",
} as const;

const SIZES = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  /** The marketing pages' calls to action and the sign-in button: the text at the page's size. */
  lg: "inline-flex items-center justify-center px-5 py-2.5",
} as const;

export type ButtonStyle = {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
};

const classes = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

/** For elements drawn by a library (a Radix `Dialog.Close`); otherwise Button, ButtonLink or ButtonAnchor. */
export function buttonClass({ variant = "primary", size = "md", className }: ButtonStyle = {}): string {
  return classes("rounded-md text-center disabled:opacity-60", SIZES[size], VARIANTS[variant], className);
}

/** A link is inline: without inline-block its padding would not push the lines around it. */
const linkClass = ({ size = "md", className, ...style }: ButtonStyle) =>
  buttonClass({ ...style, size, className: size === "lg" ? className : classes("inline-block", className) });

type ButtonProps = Omit<ComponentProps<"button">, "className" | "type"> &
  ButtonStyle & {
    /** Said every time: a button in a form submits unless told otherwise. */
    type: "button" | "submit" | "reset";
  };

export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/** React Router's Link. */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: Omit<LinkProps, "className"> & ButtonStyle) {
  return <Link className={linkClass({ variant, size, className })} {...props} />;
}

/** A plain <a>: a download, another site, or a page the server renders whole. */
export function ButtonAnchor({
  variant,
  size,
  className,
  ...props
}: Omit<ComponentProps<"a">, "className"> & ButtonStyle) {
  return <a className={linkClass({ variant, size, className })} {...props} />;
}
