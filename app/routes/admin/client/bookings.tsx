import { RowButton } from "~/components/admin/row-button";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { bookingFlag } from "~/domain/bookings";
import { NO_SHOW_LABELS } from "~/domain/no-shows";
import { KIND_LABELS, type ServiceKind } from "~/domain/plans";
import { markNoShowForm, resolveBookingForm, undoNoShowForm } from "~/lib/schemas/bookings";
import { type ClientAnswer, type ClientData, Section } from "./section";

// The client's Cal.com sessions with what each means for the plan (docs/decisions/0028-bookings.md), and
// whether the client came to a past one (docs/decisions/0055-no-shows-and-expiry.md).

export function BookingsSection({ data }: { data: ClientData }) {
  const rows = [...data.bookings].reverse();
  return (
    <Section id="bookings" title="Sessions booked">
      {rows.length === 0 ? (
        <p className="text-muted-foreground">No sessions booked on the scheduler yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card text-sm">
          {rows.map((booking) => {
            const flag = booking.resolvedAt ? null : bookingFlag(booking);
            return (
              <li key={booking.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="font-medium break-words">{booking.title}</p>
                  <p className="text-muted-foreground">
                    {KIND_LABELS[booking.kind as ServiceKind]} · <LocalDateTime value={booking.startsAt} />
                    {booking.status === "cancelled" && !booking.lateCancel && " · Cancelled"}
                  </p>
                  {flag && <p className="font-medium text-danger">{flag}</p>}
                  {booking.noShowSource && (
                    <p className="font-medium text-danger">
                      {NO_SHOW_LABELS[booking.noShowSource]}
                      {booking.noShowReturned && " · session given back"}
                    </p>
                  )}
                </div>
                {data.may.noShow && (booking.noShowSource || booking.started) && (
                  <RowButton<ClientAnswer, "bookingId">
                    form={booking.noShowSource ? undoNoShowForm : markNoShowForm}
                    intent={booking.noShowSource ? "undo-no-show" : "mark-no-show"}
                    idField="bookingId"
                    id={booking.id}
                    label={`${booking.noShowSource ? "Undo no-show" : "Mark no-show"}: ${booking.title}`}
                  >
                    {booking.noShowSource ? "Undo no-show" : "Mark no-show"}
                  </RowButton>
                )}
                {booking.overPlan && !booking.resolvedAt && data.may.resolveBookings && (
                  <RowButton<ClientAnswer, "bookingId">
                    form={resolveBookingForm}
                    intent="resolve-booking"
                    idField="bookingId"
                    id={booking.id}
                  >
                    Mark resolved
                  </RowButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
