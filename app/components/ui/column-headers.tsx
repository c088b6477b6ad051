/** A table's header: one row of column headers (`scope="col"`), one per label, each with the same look. */
export function ColumnHeaders({
  labels,
  className,
  rowClassName,
  cellClassName,
}: {
  labels: readonly string[];
  className?: string;
  rowClassName?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {labels.map((label) => (
          <th key={label} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
