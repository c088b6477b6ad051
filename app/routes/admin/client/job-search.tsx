import { ApplicationsTable, type ExtraColumn } from "~/components/job-search/applications-table";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { JOB_STAGES, STAGE_LABELS } from "~/domain/job-search";
import { JobNotes } from "./job-notes";
import { type ClientData, Section } from "./section";

// The client's job search as staff read it (docs/decisions/0053-job-search.md): how many in each stage,
// every application, the latest move first, and staff's notes on them (the one thing staff write here).

type Row = ClientData["applications"][number];
const LAST_MOVE: ExtraColumn<Row> = {
  label: "Last move",
  cell: (row) => <LocalDateTime value={row.stageChangedAt} dateOnly />,
};

export function JobSearchSection({ data }: { data: ClientData }) {
  const rows = [...data.applications].sort(
    (a, b) => new Date(b.stageChangedAt).getTime() - new Date(a.stageChangedAt).getTime(),
  );
  const counts = JOB_STAGES.map(
    (stage) => [stage, rows.filter((row) => row.stage === stage).length] as const,
  ).filter(([, count]) => count > 0);
  return (
    <Section id="job-search" title="Job search">
      {rows.length === 0 ? (
        <p className="text-muted-foreground">No applications yet.</p>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm">
            {counts.map(([stage, count]) => `${STAGE_LABELS[stage]}: ${count}`).join(" · ")}{" "}
            <a
              href={`/admin/clients/${data.person.id}/applications.csv`}
              download
              className="underline underline-offset-2"
            >
              Export CSV
            </a>
          </p>
          <ApplicationsTable
            rows={rows}
            label="Applications, the latest move first"
            dateLabel="Applied"
            extra={[LAST_MOVE]}
          />
          <JobNotes data={data} />
        </div>
      )}
    </Section>
  );
}
