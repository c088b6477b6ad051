import { type ComponentProps, type FormEvent, type ReactNode, type Ref, useId } from "react";
import type { FormState } from "~/components/form";
import { compactInputClass, inputClass } from "./control-classes";
import { IntentForm, type IntentFormProps } from "./intent-form";

// A form's fields, built on useForm (docs/decisions/0024-forms.md): each puts a <label for> on its control,
// and names its description and its problem in aria-describedby, so an accessible field is the default.
// Ids come from useId and every part is rendered on the server as in the browser: no swap at hydration
// (docs/decisions/0050). Without a form (a filter, an upload) a field has its name and label only.

type FieldBase<F extends string> = {
  /** The form the field belongs to; its problem shows under the field. */
  form?: FormState<F>;
  /** None for a control that is read by script rather than posted (an editor's own fields). */
  name?: F;
  /** The posted name, where it is not the field's (a repeated row): `field(name, input)`. */
  input?: string;
  label: ReactNode;
  /** A hint under the label, read with the control (aria-describedby). */
  description?: ReactNode;
  /** The wrapper's layout (a grid column, a width). */
  className?: string;
  /** A question standing on its own (the intake questionnaire): body-size text, the label in bold. */
  prominent?: boolean;
};

/** The props a field puts on its control: id, name, the form's wiring, and aria-describedby. */
function useControl<F extends string>({ form, name, input, description }: FieldBase<F>) {
  const id = useId();
  const wired = form && name ? form.field(name, input) : { name: input ?? name };
  const descriptionId = description ? `${id}-description` : undefined;
  const problemId = "aria-describedby" in wired ? wired["aria-describedby"] : undefined;
  const describedBy = [descriptionId, problemId].filter(Boolean).join(" ") || undefined;
  return { id, descriptionId, control: { ...wired, id, "aria-describedby": describedBy } };
}

function Description({ id, base }: { id: string | undefined; base: FieldBase<string> }) {
  return base.description ? (
    <span id={id} className={base.prominent ? "text-sm text-muted-foreground" : "text-muted-foreground"}>
      {base.description}
    </span>
  ) : null;
}

const wrapperClass = ({ className, prominent }: FieldBase<string>) =>
  [prominent ? "grid gap-1.5" : "grid gap-1 text-sm", className].filter(Boolean).join(" ");
const labelClass = ({ prominent }: FieldBase<string>) => (prominent ? "font-medium" : undefined);

/** Label above the control, its description, then its problem: the shape of every field. */
function FieldShell<F extends string>({
  props,
  id,
  descriptionId,
  hintLast = false,
  children,
}: {
  props: FieldBase<F>;
  id: string;
  descriptionId: string | undefined;
  /** The description under the control rather than above it (a file input's kinds and size). */
  hintLast?: boolean;
  children: ReactNode;
}) {
  const description = <Description id={descriptionId} base={props} />;
  return (
    <div className={wrapperClass(props)}>
      <label htmlFor={id} className={labelClass(props)}>
        {props.label}
      </label>
      {!hintLast && description}
      {children}
      {hintLast && description}
      {props.name && props.form?.error(props.name)}
    </div>
  );
}

// The HTML `form` and `name` attributes are the field's own props here.
type Rest<Element extends "input" | "textarea" | "select"> = Omit<
  ComponentProps<Element>,
  "form" | "name" | "id" | "children" | "className"
> &
  Look;

type Look = {
  /** The control's classes, in place of the shared ones. */
  inputClassName?: string;
  /** The smaller control (compactInputClass): a filter, an hour, a line of a table. */
  compact?: boolean;
};

/** The field's own props apart from the control's, and the control's with its id, wiring and class. */
function useField<F extends string, T extends FieldBase<F> & Look>(props: T, look = inputClass) {
  const { form, name, input, label, description, className, prominent, compact, inputClassName, ...rest } =
    props;
  const base: FieldBase<F> = { form, name, input, label, description, className, prominent };
  const { id, descriptionId, control } = useControl(base);
  const classes = inputClassName ?? (compact ? compactInputClass : look);
  return { base, id, descriptionId, control: { ...rest, ...control, className: classes } };
}

export function TextField<F extends string>(props: FieldBase<F> & Rest<"input">) {
  const { base, id, descriptionId, control } = useField<F, typeof props>(props);
  return (
    <FieldShell props={base} id={id} descriptionId={descriptionId}>
      <input {...control} />
    </FieldShell>
  );
}

export function TextareaField<F extends string>(props: FieldBase<F> & Rest<"textarea">) {
  const { base, id, descriptionId, control } = useField<F, typeof props>(props);
  return (
    <FieldShell props={base} id={id} descriptionId={descriptionId}>
      <textarea {...control} />
    </FieldShell>
  );
}

export type Option = readonly [value: string | number, text: ReactNode];

/** A dropdown alone, for a table whose label sits in the row's first cell: the field's control without the field. */
export function Select({
  options,
  className = inputClass,
  ...props
}: Omit<ComponentProps<"select">, "children"> & { options: readonly Option[] }) {
  return (
    <select {...props} className={className}>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}

export function SelectField<F extends string>(
  props: FieldBase<F> &
    Rest<"select"> & {
      options: readonly Option[];
      ref?: Ref<HTMLSelectElement>;
      /** What stands on the control's line after it (a Save button for a page without JavaScript). */
      beside?: ReactNode;
    },
) {
  const { base, id, descriptionId, control } = useField<F, typeof props>(props);
  const { beside, ...select } = control;
  const dropdown = <Select {...select} />;
  return (
    <FieldShell props={base} id={id} descriptionId={descriptionId}>
      {beside ? (
        <div className="flex items-center gap-2">
          {dropdown}
          {beside}
        </div>
      ) : (
        dropdown
      )}
    </FieldShell>
  );
}

const fileClass =
  "w-full min-w-0 rounded-md border border-dashed border-border bg-background px-3 py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:font-medium";

/** A file input; `multiple` and `accept` pass through. The description (the kinds, the size) sits under it. */
export function FileField<F extends string>(props: FieldBase<F> & Rest<"input">) {
  const { base, id, descriptionId, control } = useField<F, typeof props>(props, fileClass);
  return (
    <FieldShell props={base} id={id} descriptionId={descriptionId} hintLast>
      <input {...control} type="file" />
    </FieldShell>
  );
}

/** A box and its label on one line; the description and the problem under them. */
export function CheckboxField<F extends string>(props: FieldBase<F> & Omit<Rest<"input">, "type">) {
  // A box keeps the browser's own look unless it is given one.
  const { base, id, descriptionId, control } = useField<F, typeof props>(props, "");
  return (
    <div className={wrapperClass(base)}>
      <div className="flex items-center gap-2">
        <input {...control} type="checkbox" className={control.className || undefined} />
        <label htmlFor={id} className={labelClass(base)}>
          {base.label}
        </label>
      </div>
      <Description id={descriptionId} base={base} />
      {base.name && base.form?.error(base.name)}
    </div>
  );
}

type ChoiceProps<F extends string> = FieldBase<F> & {
  options: readonly Option[];
  disabled?: boolean;
  required?: boolean;
  onChange?: (event: FormEvent<HTMLInputElement>) => void;
};

/** A fieldset whose legend is the label, a box or a circle a choice; the problem is read with each choice. */
function ChoiceGroup<F extends string>({
  type,
  checked,
  ...props
}: ChoiceProps<F> & {
  type: "radio" | "checkbox";
  checked: (value: string | number) => boolean | undefined;
}) {
  const { base, id, descriptionId, control } = useField<F, typeof props>(props, "");
  const { options, className: _, ...input } = control;
  return (
    <fieldset className={wrapperClass(base)}>
      <legend className={labelClass(base)}>{base.label}</legend>
      <Description id={descriptionId} base={base} />
      {options.map(([value, text], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a preview may hold two choices alike (the intake editor's new question starts with two empty ones); the place is the choice
        <label key={i} className="flex items-start gap-2">
          <input
            {...input}
            id={`${id}-${i}`}
            type={type}
            value={value}
            defaultChecked={checked(value)}
            className="mt-1"
          />
          <span>{text}</span>
        </label>
      ))}
      {base.name && base.form?.error(base.name)}
    </fieldset>
  );
}

/** One choice of several. */
export function RadioGroupField<F extends string>({
  defaultValue,
  ...props
}: ChoiceProps<F> & { defaultValue?: string | number }) {
  const checked = (value: string | number) =>
    defaultValue === undefined ? undefined : defaultValue === value;
  return <ChoiceGroup {...props} type="radio" checked={checked} />;
}

/**
 * Any of several, each box posted under the one name `input` with its option's value (the intake's "many"
 * question); `defaultValues` are the boxes ticked to start with.
 */
export function CheckboxGroupField<F extends string>({
  defaultValues = [],
  ...props
}: ChoiceProps<F> & { defaultValues?: readonly (string | number)[] }) {
  return <ChoiceGroup {...props} type="checkbox" checked={(value) => defaultValues.includes(value)} />;
}

/** Problems that belong to no one field (a list of them, each its own line), read out when they come. */
export function ErrorList({ id, errors }: { id?: string; errors: readonly (string | null | undefined)[] }) {
  const shown = errors.filter((error): error is string => Boolean(error));
  if (shown.length === 0) return null;
  return (
    <ul id={id} role="alert" className="grid gap-1 text-sm text-danger">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * The card that adds a thing in place (an activity, a resource, homework): its fields in two columns, then
 * the button, whose words change while it saves, and the form's message beside it.
 */
export function AddCard<F extends string, Answer>({
  className = "mb-6 p-4",
  ...props
}: Omit<IntentFormProps<F, Answer>, "footer"> & { submit: string; busy: string; children: ReactNode }) {
  return (
    <IntentForm
      {...props}
      footer
      className={`grid gap-3 rounded-xl border border-border bg-card sm:grid-cols-2 ${className}`}
    />
  );
}
