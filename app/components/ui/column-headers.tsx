/** A column: its label, or the label with the cell's own classes (a column hidden on phones) or read aloud only. */
export type Column = string | { label: string; className?: string; srOnly?: boolean };

export function ColumnHeaders({
  labels,
  className,
  rowClassName,
  cellClassName,
}: {
  labels: readonly Column[];
  className?: string;
  rowClassName?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {labels.map((column) => {
          const { label, className: own, srOnly } = typeof column === "string" ? { label: column } : column;
          return (
            <th
              key={label}
              scope="col"
              className={[cellClassName, own].filter(Boolean).join(" ") || undefined}
            >
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
