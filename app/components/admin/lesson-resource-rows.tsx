import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/schemas/admin";
import { lessonInputClass } from "./lesson-form-data";

// Label + URL rows (docs/product/validation.md); they post as repeated `resourceLabel`/`resourceUrl` fields.

export type ResourceRow = { key: number; label: string; url: string };

export function useResourceRows(initial: { label: string; url: string }[]) {
  const nextKey = useRef(0);
  const rowsFrom = (links: { label: string; url: string }[]): ResourceRow[] =>
    links.map((link) => ({ key: nextKey.current++, ...link }));
  // One empty row, so a resource can be added without JavaScript too.
  const [rows, setRows] = useState<ResourceRow[]>(() =>
    rowsFrom(initial.length > 0 ? initial : [{ label: "", url: "" }]),
  );
  return { rows, setRows, rowsFrom, reset: () => setRows(rowsFrom([{ label: "", url: "" }])) };
}

// One labelled input of a row; the hidden "of resource n" tells a screen reader which row it is in.
function RowInput({ label, n, ...input }: { label: string; n: number } & React.ComponentProps<"input">) {
  return (
    <div className="grid gap-1">
      <label htmlFor={input.id} className="text-sm">
        {`${label} `}
        <span className="sr-only">of resource {n}</span>
      </label>
      <input {...input} autoComplete="off" className={lessonInputClass} />
    </div>
  );
}

export function ResourceRows({
  rows: state,
  disabled,
  urlField,
  error,
}: {
  rows: ReturnType<typeof useResourceRows>;
  disabled: boolean;
  urlField: { name: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
  error: React.ReactNode;
}) {
  const uid = useId();
  const { rows, setRows, rowsFrom } = state;
  const addRowRef = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);

  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(`${uid}-resource-label-${focusRow}`)?.focus();
    setFocusRow(null);
  }, [focusRow, uid]);

  const addRow = () => {
    const [row] = rowsFrom([{ label: "", url: "" }]);
    if (!row) return;
    setRows((current) => [...current, row]);
    setFocusRow(row.key);
  };
  const removeRow = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    addRowRef.current?.focus();
  };
  const updateRow = (key: number, change: Partial<ResourceRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  // A row's two inputs differ only in which part of the row they hold.
  const cell = (row: ResourceRow, i: number, part: "label" | "url") => ({
    id: `${uid}-resource-${part}-${row.key}`,
    n: i + 1,
    value: row[part],
    maxLength: LIMITS[part],
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      updateRow(row.key, { [part]: event.currentTarget.value }),
  });

  return (
    <fieldset className="grid gap-3" aria-describedby={`${uid}-resources-hint`}>
      <legend className="mb-1 text-sm font-medium">Resources</legend>
      <p id={`${uid}-resources-hint`} className="-mt-2 text-sm text-muted-foreground">
        Rows without a URL are left out; an empty label shows the URL.
      </p>
      {rows.length > 0 && (
        <ol className="grid gap-3">
          {rows.map((row, i) => (
            <li
              key={row.key}
              className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
            >
              <RowInput {...cell(row, i, "label")} label="Label" name="resourceLabel" />
              <RowInput
                {...cell(row, i, "url")}
                label="URL"
                {...urlField}
                type="url"
                inputMode="url"
                placeholder="https://"
              />
              <Button
                type="button"
                variant="outline"
                size="field"
                weight="normal"
                disabled={disabled}
                onClick={() => removeRow(row.key)}
                className="justify-self-start"
              >
                Remove<span className="sr-only"> resource {i + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      {error}
      <div>
        <Button
          ref={addRowRef}
          type="button"
          variant="outline"
          size="field"
          disabled={disabled || rows.length >= LIMITS.resourceRows}
          onClick={addRow}
        >
          Add resource
        </Button>
      </div>
    </fieldset>
  );
}
