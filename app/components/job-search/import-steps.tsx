import { ApplicationsTable } from "~/components/job-search/applications-table";
import { SelectField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, mapName, TRACKER_LABELS } from "~/domain/job-import";
import { SOURCE_LABELS } from "~/domain/job-search";
import type { ImportAnswer } from "~/lib/job-import-rows";

// The import page's steps (app/routes/portal/applications-import.tsx): the columns for a file no tracker
// wrote, and the preview of every row with the rows that cannot be read. The preview is the applications
// table (cards below 768 px) in a box that scrolls down, never sideways.

type Preview = Extract<ImportAnswer, { step: "preview" }>;

export function MappingStep({
  columns,
  chosen,
  error,
}: {
  columns: readonly string[];
  chosen: Record<string, string>;
  error: string | null;
}) {
  const options = [["", "None"], ...columns.map((column) => [column, column] as const)] as const;
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 font-semibold">Which column holds what</legend>
      <p className="text-sm text-muted-foreground">
        This file is not one we know by its columns. Choose the column for each field; company and role are
        required, the rest may be None.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {IMPORT_FIELDS.map((field) => (
          <SelectField
            key={`${field}-${columns.join("|")}`}
            name={mapName(field)}
            label={
              IMPORT_FIELD_LABELS[field] + (field === "company" || field === "role" ? " (required)" : "")
            }
            defaultValue={chosen[field] ?? ""}
            options={options}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function ImportPreview({ preview }: { preview: Preview }) {
  const { rows, problems, tracker } = preview;
  const from = tracker ? `${TRACKER_LABELS[tracker]} export` : "file";
  return (
    <HeadedSection
      id="import-preview"
      title={
        <>
          Preview: {rows.length === 1 ? "1 application" : `${rows.length} applications`} from your {from}
        </>
      }
      className="grid gap-4"
      titleClassName="text-lg font-semibold"
    >
      {problems.length > 0 && (
        <div role="alert" className="rounded-xl border border-danger/50 p-4 text-sm">
          <p className="font-semibold text-danger">
            {problems.length === 1 ? "1 row cannot be read" : `${problems.length} rows cannot be read`}, so
            nothing can be imported yet. Fix them in the file and preview it again.
          </p>
          <ul className="mt-2 max-h-60 list-disc overflow-y-auto pl-5 [overflow-wrap:anywhere]">
            {problems.map((problem) => (
              <li key={problem.row}>
                Row {problem.row}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {rows.length > 0 && (
        // Every row, on the page itself (it scrolls down; the table never sideways at 360 px).
        <ApplicationsTable
          rows={rows}
          label="Rows to import"
          dateLabel="Date"
          extra={[
            { label: "Row", cell: (row) => row.row },
            {
              label: "Location",
              cell: (row) => [row.location, row.remote ? "Remote" : null].filter(Boolean).join(" · ") || "—",
            },
            { label: "Source", cell: (row) => SOURCE_LABELS[row.source] },
          ]}
        />
      )}
    </HeadedSection>
  );
}
