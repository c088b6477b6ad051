import { LightLink } from "~/components/light-link";
import { CalendarDate } from "~/components/portal/local-date-time";
import { HeadedSection } from "~/components/ui/headed-section";
import { INTERVIEW_KIND_LABELS, type InterviewKind } from "~/domain/job-offers";
import { formatted, SERVER_TIME_ZONE } from "~/lib/local-time";

// The coach's home: every client's interviews of the coming 7 days and the offers' upcoming deadlines
// (phase 2 of docs/decisions/0053-job-search.md). Names, companies and dates only: no pay figures.

type WeekInterview = {
  id: string;
  kind: InterviewKind;
  startsAt: Date | string;
  company: string;
  role: string;
  clientId: string;
  clientName: string | null;
  clientEmail: string;
  timeZone: string | null;
};

type Deadline = {
  id: string;
  deadline: string | null;
  company: string;
  role: string;
  clientId: string;
  clientName: string | null;
  clientEmail: string;
};

const ClientLink = ({ id, name, email }: { id: string; name: string | null; email: string }) => (
  <LightLink to={`/admin/clients/${id}`} className="font-medium underline underline-offset-2 break-all">
    {name ?? email}
  </LightLink>
);

export function JobSearchWeek({
  interviews,
  deadlines,
}: {
  interviews: readonly WeekInterview[];
  deadlines: readonly Deadline[];
}) {
  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-2">
      <HeadedSection id="week-interviews-heading" title="Interviews this week">
        {interviews.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No client has an interview in the next 7 days.</p>
        ) : (
          <ul className="mt-3 grid gap-2 text-sm">
            {interviews.map((row) => {
              const at = new Date(row.startsAt);
              const zone = row.timeZone ?? SERVER_TIME_ZONE;
              return (
                <li key={row.id} className="rounded-lg border border-border bg-card p-3">
                  <ClientLink id={row.clientId} name={row.clientName} email={row.clientEmail} />:{" "}
                  {INTERVIEW_KIND_LABELS[row.kind]} interview at {row.company} ({row.role})
                  <br />
                  <time dateTime={at.toISOString()}>{formatted(at, zone, "date-time")}</time>{" "}
                  <span className="text-muted-foreground">(client's time, {zone})</span>
                </li>
              );
            })}
          </ul>
        )}
      </HeadedSection>
      <HeadedSection id="offer-deadlines-heading" title="Offer deadlines">
        {deadlines.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No open offer has a deadline ahead.</p>
        ) : (
          <ul className="mt-3 grid gap-2 text-sm">
            {deadlines.map((row) => (
              <li key={row.id} className="rounded-lg border border-border bg-card p-3">
                {row.deadline && <CalendarDate value={row.deadline} />}:{" "}
                <ClientLink id={row.clientId} name={row.clientName} email={row.clientEmail} />, {row.company}{" "}
                ({row.role})
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>
    </div>
  );
}
