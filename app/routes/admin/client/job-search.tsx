import { CalendarDate, LocalDateTime } from "~/components/portal/local-date-time";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { JOB_STAGES, STAGE_LABELS } from "~/domain/job-search";
import { type ClientData, Section } from "./section";

// The client's job search as staff read it (docs/decisions/0053-job-search.md, phase 1: read only): how
// many in each stage, then every application, the latest move first.

const JOB_SEARCH_COLUMNS = ["Company", "Role", "Stage", "Applied", "Last move"];

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
            {counts.map(([stage, count]) => `${STAGE_LABELS[stage]}: ${count}`).join(" · ")}
          </p>
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <ColumnHeaders labels={JOB_SEARCH_COLUMNS} className="bg-muted/50" cellClassName="px-3 py-2" />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-border">
                    <th scope="row" className="px-3 py-2 font-semibold">
                      {row.company}
                    </th>
                    <td className="px-3 py-2">{row.role}</td>
                    <td className="px-3 py-2">{STAGE_LABELS[row.stage]}</td>
                    <td className="px-3 py-2">
                      <CalendarDate value={row.appliedOn} />
                    </td>
                    <td className="px-3 py-2">
                      <LocalDateTime value={row.stageChangedAt} dateOnly />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Section>
  );
}
