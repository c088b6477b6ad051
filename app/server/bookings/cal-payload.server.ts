import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

// Cal.com's webhook delivery (docs/decisions/0028-bookings.md): `{ triggerEvent, createdAt, payload }`,
// signed with HMAC-SHA256 of the raw body, hex, in X-Cal-Signature-256. Only what this site uses is
// read; anything else in the payload is ignored.

export const CAL_TRIGGERS = ["BOOKING_CREATED", "BOOKING_CANCELLED", "BOOKING_RESCHEDULED"] as const;
export type CalTrigger = (typeof CAL_TRIGGERS)[number];

/** What Cal.com sends as the signature when its webhook has no secret: never accepted. */
export const NO_SECRET = "no-secret-provided";

/** Whether `signature` is the hex HMAC-SHA256 of the raw body under `secret` (constant-time). */
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

const person = z.object({
  email: z.string().trim().max(320),
  name: z.string().max(300).nullish(),
  timeZone: z.string().max(100).nullish(),
});

const envelope = z.object({
  triggerEvent: z.string().max(100),
  createdAt: instant,
  payload: z.record(z.string(), z.unknown()),
});

const bookingPayload = z
  .object({
    uid: z.string().trim().min(1).max(200),
    type: z.string().max(200).nullish(),
    eventTypeId: z.union([z.number(), z.string().max(50)]).nullish(),
    title: z.string().max(500).nullish(),
    startTime: instant,
    endTime: instant,
    attendees: z.array(person).min(1).max(100),
    organizer: person.partial().nullish(),
    location: z.string().max(2000).nullish(),
    videoCallData: z.object({ url: z.string().max(2000).nullish() }).nullish(),
    metadata: z.object({ videoCallUrl: z.string().max(2000).nullish() }).nullish(),
    rescheduleUid: z.string().max(200).nullish(),
  })
  .refine((p) => p.endTime.getTime() >= p.startTime.getTime(), "endTime must not be before startTime");

export type CalBooking = z.output<typeof bookingPayload>;

export type CalDelivery =
  | { ok: true; trigger: CalTrigger; at: Date; booking: CalBooking }
  /** Well formed, but not about a booking this site follows: answered 200 and logged. */
  | { ok: false; ignore: string }
  /** Not a Cal.com delivery: answered 400. */
  | { ok: false; invalid: string };

/** Reads a verified body. Never throws. */
export function parseCalDelivery(body: Buffer): CalDelivery {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, invalid: "The body is not JSON." };
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return { ok: false, invalid: `Not a Cal.com delivery: ${describe(outer.error)}` };
  const trigger = CAL_TRIGGERS.find((known) => known === outer.data.triggerEvent);
  if (!trigger) return { ok: false, ignore: `trigger ${outer.data.triggerEvent} is not followed` };
  const inner = bookingPayload.safeParse(outer.data.payload);
  if (!inner.success) return { ok: false, invalid: `Not a Cal.com booking: ${describe(inner.error)}` };
  return { ok: true, trigger, at: outer.data.createdAt, booking: inner.data };
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "body"} ${issue.message}` : "invalid";
}

/** The meeting link: Cal Video / Google Meet URL, else a location that is a web address. */
export function joinUrlOf(booking: CalBooking): string | null {
  const candidates = [booking.metadata?.videoCallUrl, booking.videoCallData?.url, booking.location];
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
