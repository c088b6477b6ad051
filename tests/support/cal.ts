import { createHmac, randomUUID } from "node:crypto";
import type { CalBookingInput, CalDeliveryInput, CalTrigger } from "~/server/bookings/cal-payload.server";

// Cal.com webhook deliveries for tests, typed with the app's schema of them
// (app/server/bookings/cal-payload.server.ts), so a field that schema doesn't declare fails `tsc`. Each
// shape follows the calcom/cal.com code that builds it (read there, not copied): the envelope from
// packages/features/webhooks/lib/sendPayload.ts, and the payload per trigger as cited below.

export const TEST_CAL_SECRET = "test-cal-webhook-secret-0123456789";

/** The coach's Cal.com account: the organizer of every booking. */
export const ORGANIZER_EMAIL = "alex@example.com";

export type BookingFields = {
  uid?: string;
  type?: string;
  email: string;
  name?: string;
  start: Date;
  minutes?: number;
  /** The portal link's signed token, passed back as `metadata.portal`; none: booked some other way. */
  token?: string;
  /** BOOKING_RESCHEDULED: the uid of the booking it replaces. */
  rescheduleUid?: string;
  /** BOOKING_RESCHEDULED: when the replaced booking started (by default `start`). */
  originalStart?: Date;
  /** Who cancelled or rescheduled (an email); by default the booker. */
  by?: string;
};

/**
 * What every trigger's payload shares: the booking's CalendarEvent as handleNewBooking.ts and
 * handleCancelBooking.ts build it (packages/features/bookings/lib/), with the event type's info.
 */
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

/** handleNewBooking.ts: `metadata: { ...metadata, ...reqBody.metadata }`, the video link and the link's own. */
const metadataOf = (fields: BookingFields, uid: string) => ({
  videoCallUrl: `https://app.cal.com/video/${uid}`,
  ...(fields.token ? { portal: fields.token } : {}),
});

/** BOOKING_CREATED: packages/features/bookings/lib/handleNewBooking.ts (`webhookData`, status ACCEPTED). */
export function bookingCreated(fields: BookingFields, uid: string, createdAt: Date) {
  return {
    triggerEvent: "BOOKING_CREATED",
    createdAt: createdAt.toISOString(),
    payload: { ...calendarEvent(fields, uid), metadata: metadataOf(fields, uid), status: "ACCEPTED" },
  } satisfies CalDeliveryInput<"BOOKING_CREATED">;
}

/**
 * BOOKING_CANCELLED: packages/features/bookings/lib/handleCancelBooking.ts — the event spread with
 * `status: "CANCELLED"` and `cancelledBy`, the email of whoever cancelled (`bookingCancelInput` in
 * packages/prisma/zod-utils.ts; the host's own when the coach cancels). It carries no metadata.
 */
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

/**
 * BOOKING_RESCHEDULED: packages/features/bookings/lib/handleNewBooking.ts with a `rescheduleUid` — the
 * new booking's `uid`, the replaced one's `rescheduleUid` and times, and `rescheduledBy` (an email);
 * packages/features/webhooks/lib/factory/versioned/v2021-10-20/BookingPayloadBuilder.ts lists the same.
 */
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

/** A delivery's body for a followed trigger, with a fresh uid unless given. */
export function calDelivery(
  trigger: CalTrigger,
  fields: BookingFields,
  createdAt = new Date(),
): { uid: string; body: string } {
  const uid = fields.uid ?? randomUUID();
  return { uid, body: JSON.stringify(BUILDERS[trigger](fields, uid, createdAt)) };
}

/** The X-Cal-Signature-256 header for a body. */
// Written here, not imported from the app: the test signs the way Cal.com documents it, independently.
export const calSignature = (body: string, secret = TEST_CAL_SECRET) =>
  createHmac("sha256", secret).update(body).digest("hex");
