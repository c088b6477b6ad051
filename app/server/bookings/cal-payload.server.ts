import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

// Cal.com's signed webhook delivery (docs/decisions/0028-bookings.md); only what this site uses is read.

export const CAL_TRIGGERS = ["BOOKING_CREATED", "BOOKING_CANCELLED", "BOOKING_RESCHEDULED"] as const;
export type CalTrigger = (typeof CAL_TRIGGERS)[number];

/** Cal.com's no-show mark (docs/decisions/0055-no-shows-and-expiry.md): names the booking, carries no booking. */
export const CAL_NO_SHOW = "BOOKING_NO_SHOW_UPDATED";

/** Cal.com's signature when its webhook has no secret: never accepted. */
export const NO_SECRET = "no-secret-provided";

/** Constant-time check of the hex HMAC-SHA256 of the raw body. */
export function validSignature(secret: string | null, body: Buffer, signature: string | undefined): boolean {
  if (!secret || !signature || signature === NO_SECRET) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = /^[0-9a-f]{64}$/i.test(signature.trim()) ? Buffer.from(signature.trim(), "hex") : null;
  return given !== null && given.length === expected.length && timingSafeEqual(given, expected);
}

const instant = z
  .string()
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be a date and time")
  .transform((value) => new Date(value));

// Shaped after calcom/cal.com's default (2021-10-20) payload version: packages/features/webhooks/lib/sendPayload.ts
// and its BookingPayloadBuilder; fields this site doesn't read are dropped unread.

const person = z.object({
  id: z.number().nullish(),
  email: z.string().trim().max(320),
  name: z.string().max(300).nullish(),
  firstName: z.string().max(300).nullish(),
  lastName: z.string().max(300).nullish(),
  username: z.string().max(300).nullish(),
  timeZone: z.string().max(100).nullish(),
  timeFormat: z.string().max(20).nullish(),
  language: z.object({ locale: z.string().max(35) }).nullish(),
  utcOffset: z.number().nullish(),
});

/** `videoCallUrl` and every `metadata[key]=value` the booking link carried (handleNewBooking.ts). */
const metadata = z.record(
  z.string().max(100),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
);

const booking = z.object({
  uid: z.string().trim().min(1).max(200),
  bookingId: z.number().nullish(),
  bookerUrl: z.string().max(2000).nullish(),
  type: z.string().max(200).nullish(),
  eventTypeId: z.union([z.number(), z.string().max(50)]).nullish(),
  title: z.string().max(500).nullish(),
  description: z.string().max(10_000).nullish(),
  additionalNotes: z.string().max(10_000).nullish(),
  startTime: instant,
  endTime: instant,
  length: z.number().nullish(),
  attendees: z.array(person).min(1).max(100),
  organizer: person.partial().nullish(),
  location: z.string().max(2000).nullish(),
  videoCallData: z.object({ url: z.string().max(2000).nullish() }).nullish(),
  metadata: metadata.nullish(),
  status: z.string().max(50).nullish(),
  eventTitle: z.string().max(500).nullish(),
  price: z.number().nullish(),
  currency: z.string().max(10).nullish(),
  requiresConfirmation: z.boolean().nullish(),
});

const cancelledBooking = booking.extend({
  cancelledBy: z.string().max(320).nullish(),
  cancellationReason: z.string().max(10_000).nullish(),
  requestReschedule: z.boolean().nullish(),
});

/** `uid` is the new booking's; `rescheduleUid` the one it replaces. */
const rescheduledBooking = booking.extend({
  rescheduleId: z.number().nullish(),
  rescheduleUid: z.string().max(200).nullish(),
  rescheduleStartTime: z.string().max(64).nullish(),
  rescheduleEndTime: z.string().max(64).nullish(),
  rescheduledBy: z.string().max(320).nullish(),
});

const endAfterStart = (p: { startTime: Date; endTime: Date }) => p.endTime.getTime() >= p.startTime.getTime();
const END_MESSAGE = "endTime must not be before startTime";

export const CAL_PAYLOADS = {
  BOOKING_CREATED: booking.refine(endAfterStart, END_MESSAGE),
  BOOKING_CANCELLED: cancelledBooking.refine(endAfterStart, END_MESSAGE),
  BOOKING_RESCHEDULED: rescheduledBooking.refine(endAfterStart, END_MESSAGE),
} as const satisfies Record<CalTrigger, z.ZodType>;

export type CalBookingInput = z.input<typeof booking>;

/**
 * BOOKING_NO_SHOW_UPDATED as calcom/cal.com builds it: BookingPayloadBuilder.ts (v2021-10-20)
 * `buildNoShowPayload` from `BookingNoShowDTO` (packages/features/webhooks/lib/dto/types.ts), sent by
 * packages/features/handleMarkNoShow.ts with the attendees it updated: their email and new `noShow`.
 */
const noShowUpdate = z.object({
  bookingUid: z.string().trim().min(1).max(200),
  bookingId: z.number().nullish(),
  attendees: z.array(z.object({ email: z.string().trim().max(320), noShow: z.boolean() })).max(100),
  message: z.string().max(2000).nullish(),
});

export type CalNoShow = z.output<typeof noShowUpdate>;

export type CalNoShowInput = {
  triggerEvent: typeof CAL_NO_SHOW;
  createdAt: string;
  payload: z.input<typeof noShowUpdate>;
};

export type CalDeliveryInput<T extends CalTrigger> = {
  triggerEvent: T;
  createdAt: string;
  payload: z.input<(typeof CAL_PAYLOADS)[T]>;
};

const envelope = z.object({
  triggerEvent: z.string().max(100),
  createdAt: instant,
  payload: z.record(z.string(), z.unknown()),
});

/** The fields a trigger lacks are absent. */
export type CalBooking = z.output<typeof booking> &
  Partial<Pick<z.output<typeof cancelledBooking>, "cancelledBy" | "cancellationReason">> &
  Partial<Pick<z.output<typeof rescheduledBooking>, "rescheduleUid" | "rescheduledBy">>;

export type CalDelivery =
  | { ok: true; trigger: CalTrigger; at: Date; booking: CalBooking }
  | { ok: true; trigger: typeof CAL_NO_SHOW; at: Date; noShow: CalNoShow }
  /** Well formed but not a booking this site follows: answered 200 and logged. */
  | { ok: false; ignore: string }
  | { ok: false; invalid: string };

export function parseCalDelivery(body: Buffer): CalDelivery {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, invalid: "The body is not JSON." };
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return { ok: false, invalid: `Not a Cal.com delivery: ${describe(outer.error)}` };
  if (outer.data.triggerEvent === CAL_NO_SHOW) {
    const update = noShowUpdate.safeParse(outer.data.payload);
    if (!update.success) return { ok: false, invalid: `Not a Cal.com no-show: ${describe(update.error)}` };
    return { ok: true, trigger: CAL_NO_SHOW, at: outer.data.createdAt, noShow: update.data };
  }
  const trigger = CAL_TRIGGERS.find((known) => known === outer.data.triggerEvent);
  if (!trigger) return { ok: false, ignore: `trigger ${outer.data.triggerEvent} is not followed` };
  const inner = CAL_PAYLOADS[trigger].safeParse(outer.data.payload);
  if (!inner.success) return { ok: false, invalid: `Not a Cal.com booking: ${describe(inner.error)}` };
  return { ok: true, trigger, at: outer.data.createdAt, booking: inner.data };
}

/** The booking a delivery is about, for the log. */
export const deliveryUid = (delivery: Extract<CalDelivery, { ok: true }>) =>
  "noShow" in delivery ? delivery.noShow.bookingUid : delivery.booking.uid;

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "body"} ${issue.message}` : "invalid";
}

export function joinUrlOf(booking: CalBooking): string | null {
  const video = booking.metadata?.videoCallUrl;
  const candidates = [typeof video === "string" ? video : null, booking.videoCallData?.url, booking.location];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate.trim());
      if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
    } catch {
      // not a URL (an address, "integrations:daily"…)
    }
  }
  return null;
}

/** An email of the organizer's means the coach did it. */
export function byOrganizer(booking: CalBooking, email: string | null | undefined): boolean {
  const organizer = booking.organizer?.email?.trim().toLowerCase();
  return !!organizer && !!email && email.trim().toLowerCase() === organizer;
}
