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
