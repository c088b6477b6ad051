import type { OutboxKind } from "~/domain/email";
import { digest } from "./digest.server";
import { homeworkAssigned } from "./homework-assigned.server";
import { homeworkReviewed } from "./homework-reviewed.server";
import { lastOneLeft } from "./last-one-left.server";
import { lessonPosted } from "./lesson-posted.server";
import { paymentFailed } from "./payment-failed.server";
import { paymentReceipt } from "./payment-receipt.server";
import { sessionReminder } from "./session-reminder.server";
import { staffDailyAgenda } from "./staff-daily-agenda.server";
import { staffDeletionRequest } from "./staff-deletion-request.server";
import { staffHomeworkSubmitted } from "./staff-homework-submitted.server";
import { staffIntakeSubmitted } from "./staff-intake-submitted.server";
import { staffNewLead } from "./staff-new-lead.server";
import { staffOfferAccepted } from "./staff-offer-accepted.server";
import { staffPaymentDisputed } from "./staff-payment-disputed.server";
import { staffPaymentFailed } from "./staff-payment-failed.server";
import { staffPaymentReceived } from "./staff-payment-received.server";
import type { EmailTemplate } from "./template.server";
import { testimonialRequest } from "./testimonial-request.server";
import { welcome } from "./welcome.server";

/**
 * Every kind the product sends, each with its sample: a kind added to app/domain/email.ts without a
 * template here, or a template whose key and kind differ, fails the typecheck.
 */
export const EMAIL_TEMPLATES = {
  welcome,
  "homework-assigned": homeworkAssigned,
  "homework-reviewed": homeworkReviewed,
  "lesson-posted": lessonPosted,
  "last-one-left": lastOneLeft,
  "payment-receipt": paymentReceipt,
  "payment-failed": paymentFailed,
  "session-reminder": sessionReminder,
  "staff-new-lead": staffNewLead,
  "staff-homework-submitted": staffHomeworkSubmitted,
  "staff-deletion-request": staffDeletionRequest,
  "staff-payment-received": staffPaymentReceived,
  "staff-payment-failed": staffPaymentFailed,
  "staff-payment-disputed": staffPaymentDisputed,
  "staff-daily-agenda": staffDailyAgenda,
  "staff-intake-submitted": staffIntakeSubmitted,
  "testimonial-request": testimonialRequest,
  "staff-offer-accepted": staffOfferAccepted,
  digest,
} satisfies { [Kind in OutboxKind]: EmailTemplate<Kind, unknown> };
