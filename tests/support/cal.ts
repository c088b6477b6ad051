import { createHmac, randomUUID } from "node:crypto";
import type {
  CalBookingInput,
  CalDeliveryInput,
  CalNoShowInput,
  CalTrigger,
} from "~/server/bookings/cal-payload.server";

// Cal.com deliveries typed with the app's schema, so an undeclared field fails `tsc`; each shape follows
// the calcom/cal.com code that builds it (read there, not copied), cited below.

export const TEST_CAL_SECRET = "test-cal-webhook-secret-0123456789";

export const ORGANIZER_EMAIL = "alex@example.com";

export type BookingFields = {
  uid?: string;
  type?: string;
  email: string;
  name?: string;
  start: Date;
  minutes?: number;
  /** Passed back as `metadata.portal`; none: booked some other way. */
  token?: string;
  rescheduleUid?: string;
  /** By default `start`. */
  originalStart?: Date;
  /** An email; by default the booker. */
  by?: string;
};

/** The booking's CalendarEvent as packages/features/bookings/lib/handleNewBooking.ts builds it. */
function calendarEvent(fields: BookingFields, uid: string): CalBookingInput {
  const end = new Date(fields.start.getTime() + (fields.minutes ?? 30) * 60_000);
  const name = fields.name ?? "Client";
  const [firstName = "", lastName = ""] = name.split(" ");
  return {
    bookerUrl: "https://cal.com",
    type: fields.type ?? "coaching-session",
    eventTypeId: 4242,
    bookingId: 90_001,
    title: `Coaching session between Alex Morgan and ${name}`,
    description: "",
    additionalNotes: "",
    startTime: fields.start.toISOString(),
    endTime: end.toISOString(),
    length: fields.minutes ?? 30,
    organizer: {
      id: 5,
      name: "Alex Morgan",
      email: ORGANIZER_EMAIL,
      username: "next-offer-coaching",
      timeZone: "America/Toronto",
      timeFormat: "h:mma",
      language: { locale: "en" },
      utcOffset: -300,
    },
    attendees: [
      {
        email: fields.email,
        name,
        firstName,
        lastName,
        timeZone: "Europe/Berlin",
        language: { locale: "en" },
        utcOffset: 60,
      },
    ],
    location: "integrations:daily",
    uid,
    eventTitle: "Coaching session",
    price: 0,
    currency: "usd",
    requiresConfirmation: false,
  };
}

/** handleNewBooking.ts: `metadata: { ...metadata, ...reqBody.metadata }`. */
const metadataOf = (fields: BookingFields, uid: string) => ({
  videoCallUrl: `https://app.cal.com/video/${uid}`,
  ...(fields.token ? { portal: fields.token } : {}),
});

/** handleNewBooking.ts (`webhookData`, status ACCEPTED). */
export function bookingCreated(fields: BookingFields, uid: string, createdAt: Date) {
  return {
    triggerEvent: "BOOKING_CREATED",
    createdAt: createdAt.toISOString(),
    payload: { ...calendarEvent(fields, uid), metadata: metadataOf(fields, uid), status: "ACCEPTED" },
  } satisfies CalDeliveryInput<"BOOKING_CREATED">;
}

/** handleCancelBooking.ts: `cancelledBy` is whoever cancelled (the host when the coach does); no metadata. */
export function bookingCancelled(fields: BookingFields, uid: string, createdAt: Date) {
  return {
    triggerEvent: "BOOKING_CANCELLED",
    createdAt: createdAt.toISOString(),
    payload: {
      ...calendarEvent(fields, uid),
      status: "CANCELLED",
      cancelledBy: fields.by ?? fields.email,
      cancellationReason: "Something came up",
    },
  } satisfies CalDeliveryInput<"BOOKING_CANCELLED">;
}

/** handleNewBooking.ts with a `rescheduleUid`, as BookingPayloadBuilder.ts lists it. */
export function bookingRescheduled(fields: BookingFields, uid: string, createdAt: Date) {
  return {
    triggerEvent: "BOOKING_RESCHEDULED",
    createdAt: createdAt.toISOString(),
    payload: {
      ...calendarEvent(fields, uid),
      metadata: metadataOf(fields, uid),
      status: "ACCEPTED",
      rescheduleId: 90_000,
      rescheduleUid: fields.rescheduleUid,
      rescheduleStartTime: (fields.originalStart ?? fields.start).toISOString(),
      rescheduleEndTime: new Date(
        (fields.originalStart ?? fields.start).getTime() + 30 * 60_000,
      ).toISOString(),
      rescheduledBy: fields.by ?? fields.email,
    },
  } satisfies CalDeliveryInput<"BOOKING_RESCHEDULED">;
}

const BUILDERS = {
  BOOKING_CREATED: bookingCreated,
  BOOKING_CANCELLED: bookingCancelled,
  BOOKING_RESCHEDULED: bookingRescheduled,
} satisfies Record<CalTrigger, unknown>;

export function calDelivery(
  trigger: CalTrigger,
  fields: BookingFields,
  createdAt = new Date(),
): { uid: string; body: string } {
  const uid = fields.uid ?? randomUUID();
  return { uid, body: JSON.stringify(BUILDERS[trigger](fields, uid, createdAt)) };
}

/**
 * BOOKING_NO_SHOW_UPDATED as calcom/cal.com sends it when the organizer marks attendees (read there, not
 * copied): packages/features/handleMarkNoShow.ts updates each listed attendee's `noShow` and passes
 * `{ message, attendees: [{ email, noShow }], bookingUid, bookingId }` to `sendPayload`; the v2021-10-20
 * BookingPayloadBuilder.ts (packages/features/webhooks/lib/factory/versioned/) `buildNoShowPayload` sends
 * `{ triggerEvent, createdAt, payload: { bookingUid, bookingId, attendees, message } }` — no times, no
 * event type, no organizer (`BookingNoShowDTO`, packages/features/webhooks/lib/dto/types.ts). One attendee:
 * the message is en's "x_marked_as_no_show" / "x_unmarked_as_no_show" with the email.
 */
export function noShowUpdated(
  bookingUid: string,
  attendees: { email: string; noShow: boolean }[],
  createdAt = new Date(),
): string {
  const [only] = attendees;
  const message =
    attendees.length === 1 && only
      ? `${only.email} ${only.noShow ? "marked" : "unmarked"} as no-show`
      : "No-show updated";
  return JSON.stringify({
    triggerEvent: "BOOKING_NO_SHOW_UPDATED",
    createdAt: createdAt.toISOString(),
    payload: { bookingUid, bookingId: 90_001, attendees, message },
  } satisfies CalNoShowInput);
}

// Signed here, not with the app's code: the test signs the way Cal.com documents it, independently.
export const calSignature = (body: string, secret = TEST_CAL_SECRET) =>
  createHmac("sha256", secret).update(body).digest("hex");

/** A BOOKING_CREATED for `email` three days ahead, signed and POSTed to the server's webhook as Cal.com sends it. */
export function deliverBooking(
  baseUrl: string,
  { hours = 72, ...fields }: { email: string; token?: string; hours?: number },
): Promise<Response> {
  const { body } = calDelivery("BOOKING_CREATED", {
    ...fields,
    start: new Date(Date.now() + hours * 3_600_000),
  });
  return fetch(`${baseUrl}/webhooks/cal`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(body) },
    body,
  });
}
