import { createHmac, randomUUID } from "node:crypto";

// Cal.com webhook deliveries for tests, in the documented shape: { triggerEvent, createdAt, payload }
// with the booking's uid, event type slug and id, title, times, attendees, organizer and video link.

export const TEST_CAL_SECRET = "test-cal-webhook-secret-0123456789";

export type BookingFields = {
  uid?: string;
  type?: string;
  email: string;
  name?: string;
  start: Date;
  minutes?: number;
  rescheduleUid?: string;
};

export function calDelivery(
  trigger: string,
  fields: BookingFields,
  createdAt = new Date(),
): { uid: string; body: string } {
  const uid = fields.uid ?? randomUUID();
  const end = new Date(fields.start.getTime() + (fields.minutes ?? 30) * 60_000);
  const payload = {
    bookerUrl: "https://cal.com",
    type: fields.type ?? "coaching-session",
    eventTypeId: 4242,
    title: `Coaching session between Alex Morgan and ${fields.name ?? "Client"}`,
    description: "",
    startTime: fields.start.toISOString(),
    endTime: end.toISOString(),
    organizer: { id: 5, name: "Alex Morgan", email: "alex@example.com", timeZone: "America/Toronto" },
    attendees: [{ email: fields.email, name: fields.name ?? "Client", timeZone: "Europe/Berlin" }],
    location: "integrations:daily",
    uid,
    ...(fields.rescheduleUid ? { rescheduleUid: fields.rescheduleUid } : {}),
    metadata: { videoCallUrl: `https://app.cal.com/video/${uid}` },
    status: trigger === "BOOKING_CANCELLED" ? "CANCELLED" : "ACCEPTED",
  };
  return {
    uid,
    body: JSON.stringify({ triggerEvent: trigger, createdAt: createdAt.toISOString(), payload }),
  };
}

/** The X-Cal-Signature-256 header for a body. */
// Written here, not imported from the app: the test signs the way Cal.com documents it, independently.
export const calSignature = (body: string, secret = TEST_CAL_SECRET) =>
  createHmac("sha256", secret).update(body).digest("hex");
