import { RowButton } from "~/components/admin/row-button";
import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { LightLink } from "~/components/light-link";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/fields";
import { bookingFlag } from "~/domain/bookings";
import { KIND_LABELS, type ServiceKind } from "~/domain/plans";
import { LIMITS } from "~/lib/schemas/admin";
import { assignBookingForm, confirmBookingForm, dismissBookingForm } from "~/lib/schemas/bookings";

// The admin home's sessions, and the bookings that wait for the coach (docs/decisions/0036-booking-ownership.md).
// `Answer` is the admin home's action answer, named by the route (this module can't import it).

export type OverviewBooking = {
  id: string;
  kind: string;
  title: string;
  startsAt: Date | string;
  clientId: string | null;
  clientName: string | null;
  clientEmail: string | null;
  attendeeEmail: string;
  attendeeName: string | null;
  overPlan: boolean;
  lateCancel: boolean;
  lateChange?: boolean;
  status: string;
  claimedBy?: string | null;
  claimantName?: string | null;
  claimantEmail?: string | null;
  confirmReason?: string | null;
};

function Who({ booking }: { booking: OverviewBooking }) {
  if (!booking.clientId) return <span>{booking.attendeeName ?? booking.attendeeEmail}</span>;
  return (
    <LightLink to={`/admin/clients/${booking.clientId}`} className="font-medium text-primary hover:underline">
      {booking.clientName || booking.clientEmail}
    </LightLink>
  );
}

function BookingList({ rows, empty, label }: { rows: OverviewBooking[]; empty: string; label: string }) {
  if (rows.length === 0) return <p className="text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border bg-card text-sm">
      {rows.map((booking) => {
        const flag = bookingFlag(booking);
        return (
          <li key={booking.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr_auto] sm:items-center">
            <LocalDateTime value={booking.startsAt} />
            <span className="min-w-0 break-words">
              <Who booking={booking} /> · {KIND_LABELS[booking.kind as ServiceKind]}
            </span>
            {flag && <span className="font-medium text-danger">{flag}</span>}
          </li>
        );
      })}
    </ul>
  );
}

const decide = (booking: OverviewBooking) =>
  ({ action: "/admin?index", idField: "bookingId", id: booking.id }) as const;

function AssignBooking<Answer extends FormAnswer>({ booking }: { booking: OverviewBooking }) {
  const fetcher = useAnswerFetcher<Answer>();
  const form = useFetcherForm(assignBookingForm, fetcher);
  return (
    <fetcher.Form
      method="post"
      action="/admin?index"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value="assign-booking" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <TextField
        form={form}
        name="email"
        label={
          booking.claimedBy
            ? "Or assign to someone else (their email)"
            : "Assign to (a client's or lead's email)"
        }
        type="email"
        required
        maxLength={LIMITS.email}
        disabled={form.saving}
      />
      <Button type="submit" disabled={form.saving}>
        Assign
      </Button>
      {form.message}
    </fetcher.Form>
  );
}

export function SessionsOverview<Answer extends FormAnswer>({
  today,
  week,
  toResolve,
  mayResolve,
}: {
  today: OverviewBooking[];
  week: OverviewBooking[];
  toResolve: OverviewBooking[];
  mayResolve: boolean;
}) {
  return (
    <section aria-labelledby="sessions-heading" className="mt-10 grid gap-6">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        Sessions
      </h2>
      <div className="grid gap-2">
        <h3 className="font-medium">Today</h3>
        <BookingList rows={today} empty="No sessions today." label="Today's sessions" />
      </div>
      <div className="grid gap-2">
        <h3 className="font-medium">This week</h3>
        <BookingList rows={week} empty="No more sessions this week." label="This week's sessions" />
      </div>
      {toResolve.length > 0 && (
        <div className="grid gap-2">
          <h3 className="font-medium">Bookings to resolve</h3>
          <ul aria-label="Bookings to resolve" className="grid gap-3">
            {toResolve.map((booking) => (
              <li key={booking.id} className="grid gap-2 rounded-xl border border-border bg-card p-4 text-sm">
                <p>
                  <span className="font-medium text-danger">{bookingFlag(booking)}</span> ·{" "}
                  {KIND_LABELS[booking.kind as ServiceKind]} · <LocalDateTime value={booking.startsAt} /> ·{" "}
                  <Who booking={booking} /> ({booking.attendeeEmail})
                </p>
                {!booking.clientId && mayResolve && (
                  <div className="flex flex-wrap items-end gap-3">
                    {booking.claimedBy && (
                      <RowButton<Answer, "bookingId">
                        {...decide(booking)}
                        form={confirmBookingForm}
                        intent="confirm-booking"
                      >
                        Confirm for {booking.claimantName || booking.claimantEmail}
                      </RowButton>
                    )}
                    <AssignBooking<Answer> booking={booking} />
                    <RowButton<Answer, "bookingId">
                      {...decide(booking)}
                      form={dismissBookingForm}
                      intent="dismiss-booking"
                    >
                      Dismiss
                    </RowButton>
                  </div>
                )}
                {booking.clientId && (
                  <LightLink
                    to={`/admin/clients/${booking.clientId}#bookings`}
                    className="text-primary hover:underline"
                  >
                    Open the client's sessions
                  </LightLink>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
