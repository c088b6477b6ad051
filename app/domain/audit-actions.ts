// Every action the audit trail records, with the words the client page's trail shows for it. Typed, so an
// action audited without a label fails `tsc` (app/server/models/audit.server.ts takes only these).

export const AUDIT_ACTION_LABELS = {
  "lead.convert": "Converted to client",
  "profile.set-role": "Role changed",
  "profile.set-plan": "Plan changed",
  "profile.delete": "Person deleted",
  "usage.adjust": "Quota adjusted",
  "special-item.mark-done": "Marked done",
  "special-item.undo": "Undone",
  "activity.create": "Activity added",
  "lesson.create": "Lesson added",
  "lesson.update": "Lesson edited",
  "lesson.delete": "Lesson deleted",
  "homework.assign": "Homework assigned",
  "homework.review": "Homework reviewed",
  "resource.add": "Resource added",
  "resource.remove": "Resource removed",
  "file.add": "File added",
  "file.delete": "File deleted",
  "file.download": "File downloaded by staff",
  "data.deletion-requested": "Deletion requested",
  "client.read": "Client page opened",
  "booking.create": "Session booked",
  "booking.cancel": "Booking cancelled",
  "booking.reschedule": "Booking moved",
  "booking.assign": "Booking assigned",
  "booking.resolve": "Over-plan booking resolved",
  "booking.confirm": "Booking confirmed for the person who made it",
  "booking.dismiss": "Booking set aside",
  "booking.no-show": "Marked as a no-show",
  "booking.no-show-undo": "No-show undone",
  "email.preferences": "Email preferences changed",
  "email.retry": "Email sent again",
  "intake.submit": "Intake questionnaire answered",
  "intake.request": "Asked to fill in the intake questionnaire",
  "intake.questionnaire-save": "Intake questionnaire saved",
  "agreement.version": "Agreement version saved",
  "agreement.accept": "Agreement accepted",
  "onboarding.gates": "Booking requirements changed",
  "job-search.settings": "Stalled-search flag changed",
  "practice.settings": "Practice settings changed",
  "job-outcome.consent": "Consent to count the outcome publicly changed",
  "job-search.note": "Job search note added",
  "job-search.note-delete": "Job search note deleted",
  "order.paid": "Payment received",
  "payment.fulfil": "Role and plan set by a payment",
  "order.canceled": "Order cancelled",
  "order.refunded": "Payment refunded",
  "referral.paid": "Referral reward paid",
  "referral.reward-choice": "Referral reward choice changed",
  "code.create": "Code created",
  "code.void": "Code voided",
  "business.export": "Business file downloaded",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** A stored row may name an action no longer written; it shows as stored. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

/** Who made a change no person here made (`after.via` on its audit row), as the trail names them. */
export const SYSTEM_ACTORS = { "cal.com": "Cal.com", stripe: "Stripe" } as const;
export type SystemSource = keyof typeof SYSTEM_ACTORS;

export const systemActorLabel = (via: unknown): string | null =>
  typeof via === "string" && Object.hasOwn(SYSTEM_ACTORS, via) ? SYSTEM_ACTORS[via as SystemSource] : null;
