import { ButtonAnchor } from "~/components/ui/button";
import { LATE_CHANGE } from "~/domain/bookings";
import { KIND_LABELS, type ServiceKind } from "~/domain/plans";
import { AgreementDue, BookingSteps } from "./booking-steps";
import { LocalDateTime } from "./local-date-time";

// Each upcoming session says, before its Cal.com link is followed, what a change does to the credit
// (docs/decisions/0036-booking-ownership.md).

export type SessionItem = {
  id: string;
  kind: string;
  title: string;
  startsAt: Date | string;
  endsAt: Date | string;
  joinUrl: string | null;
  status: string;
  lateCancel: boolean;
  lateChange: boolean;
  changeUrl: string;
  changeIsLate: boolean;
};

export type SessionsData = {
  upcoming: SessionItem[];
  past: SessionItem[];
  /** Before the start; a change later than this keeps the session used. */
  noticeHours: number;
  book: { session: string | null; mockInterview: string | null };
  /** What the coach asks for before booking; while any is missing, no booking link is sent. */
  missing?: { intake: boolean; agreement: boolean };
  /** A version to accept that does not hold booking back. */
  agreementDue?: boolean;
};

const quietLink = "font-medium text-primary underline-offset-4 hover:underline";

function kindLabel(kind: string) {
  return KIND_LABELS[kind as ServiceKind] ?? kind;
}

function changeNote(session: SessionItem, noticeHours: number): string {
  if (session.lateChange) return `${LATE_CHANGE}; cancelling it now gives nothing back.`;
  if (session.changeIsLate)
    return `Less than ${noticeHours} hours to go: rescheduling or cancelling now keeps the session used.`;
  return `Reschedule or cancel at least ${noticeHours} hours before the start to keep the session; later, it stays used.`;
}

function SessionRow({
  session,
  past,
  noticeHours,
}: {
  session: SessionItem;
  past?: boolean;
  noticeHours: number;
}) {
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-medium break-words">{session.title}</p>
        <p className="text-sm text-muted-foreground">
          {kindLabel(session.kind)} · <LocalDateTime value={session.startsAt} />
          {session.status === "cancelled" &&
            (session.lateCancel ? " · Cancelled late: the session stays used" : " · Cancelled")}
        </p>
        {!past && <p className="text-sm text-muted-foreground">{changeNote(session, noticeHours)}</p>}
      </div>
      {!past && (
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {session.joinUrl && (
            <a className={quietLink} href={session.joinUrl} rel="noopener noreferrer">
              Join
            </a>
          )}
          <a className={quietLink} href={`/sessions.ics?booking=${session.id}`} download="session.ics">
            Add to calendar
          </a>
          <a className={quietLink} href={session.changeUrl} rel="noopener noreferrer">
            Reschedule or cancel
          </a>
        </div>
      )}
    </li>
  );
}

const BOOKING_LINKS = [
  { key: "session", label: "Book a session" },
  { key: "mockInterview", label: "Book a mock interview" },
] as const;

export function Sessions({ data }: { data: SessionsData }) {
  const { book } = data;
  return (
    <section aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Upcoming sessions
        </h2>
        {/* On a phone the two links don't fit one row: each takes the row's width, not two ragged widths. */}
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          {data.missing && <BookingSteps missing={data.missing} />}
          {BOOKING_LINKS.map(
            ({ key, label }) =>
              book[key] && (
                <ButtonAnchor
                  key={key}
                  href={book[key]}
                  size="touch"
                  weight="medium"
                  className="grow justify-center sm:grow-0"
                >
                  {label}
                </ButtonAnchor>
              ),
          )}
        </div>
      </div>
      {data.agreementDue && <AgreementDue />}
      <div className="mt-4">
        {data.upcoming.length === 0 ? (
          <p className="text-muted-foreground">No upcoming sessions.</p>
        ) : (
          <ul
            aria-label="Upcoming sessions"
            className="divide-y divide-border rounded-xl border border-border bg-card"
          >
            {data.upcoming.map((session) => (
              <SessionRow key={session.id} session={session} noticeHours={data.noticeHours} />
            ))}
          </ul>
        )}
      </div>
      {data.past.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">Past sessions ({data.past.length})</summary>
          <ul
            aria-label="Past sessions"
            className="mt-2 divide-y divide-border rounded-xl border border-border bg-card"
          >
            {data.past.map((session) => (
              <SessionRow key={session.id} session={session} noticeHours={data.noticeHours} past />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
