import { and, eq } from "drizzle-orm";
import type { ServiceKind } from "~/domain/plans";
import type { DbOrTx } from "../db.server";
import { emailOutbox } from "../schema";
import type { EmailContent } from "./layout.server";
import {
  type EmailRecipient,
  enqueueEmail,
  type MailContext,
  mailContext,
  type Recipient,
  recipientById,
  staffRecipients,
} from "./outbox.server";
import { type HomeworkAssigned, homeworkAssigned } from "./templates/homework-assigned.server";
import { type HomeworkReviewed, homeworkReviewed } from "./templates/homework-reviewed.server";
import { lastOneLeft } from "./templates/last-one-left.server";
import { type LessonPosted, lessonPosted } from "./templates/lesson-posted.server";
import { paymentFailed } from "./templates/payment-failed.server";
import type { PaymentNotice } from "./templates/payment-notice.server";
import { paymentReceipt } from "./templates/payment-receipt.server";
import { staffDeletionRequest } from "./templates/staff-deletion-request.server";
import { staffHomeworkSubmitted } from "./templates/staff-homework-submitted.server";
import { staffIntakeSubmitted } from "./templates/staff-intake-submitted.server";
import { staffNewLead } from "./templates/staff-new-lead.server";
import { type OfferAccepted, staffOfferAccepted } from "./templates/staff-offer-accepted.server";
import { type DisputeState, staffPaymentDisputed } from "./templates/staff-payment-disputed.server";
import { staffPaymentFailed } from "./templates/staff-payment-failed.server";
import { staffPaymentReceived } from "./templates/staff-payment-received.server";
import { testimonialRequest } from "./templates/testimonial-request.server";
import { welcome } from "./templates/welcome.server";

// To whom each event's email goes; what it says is its template (./templates/). Each runs in the causing
// change's transaction, so the change and its emails commit together; a client's email says only their own records.

async function toClient(
  tx: DbOrTx,
  clientId: string,
  kind: Parameters<typeof enqueueEmail>[2],
  content: (to: EmailRecipient, context: MailContext) => EmailContent,
  context = mailContext(),
) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return enqueueEmail(tx, [client], kind, (to) => content(to, context), context);
}

async function toStaff(
  tx: DbOrTx,
  kind: Parameters<typeof enqueueEmail>[2],
  content: (to: EmailRecipient, context: MailContext) => EmailContent,
  context = mailContext(),
) {
  return enqueueEmail(tx, await staffRecipients(tx), kind, (to) => content(to, context), context);
}

export function notifyWelcome(tx: DbOrTx, clientId: string) {
  return toClient(tx, clientId, welcome.kind, (to, context) => welcome.content({}, to, context));
}

export function notifyHomeworkAssigned(tx: DbOrTx, clientId: string, homework: HomeworkAssigned) {
  return toClient(tx, clientId, homeworkAssigned.kind, (to, context) =>
    homeworkAssigned.content(homework, to, context),
  );
}

export function notifyHomeworkReviewed(tx: DbOrTx, clientId: string, homework: HomeworkReviewed) {
  return toClient(tx, clientId, homeworkReviewed.kind, (to, context) =>
    homeworkReviewed.content(homework, to, context),
  );
}

export function notifyLessonPosted(tx: DbOrTx, clientId: string, lesson: LessonPosted) {
  return toClient(tx, clientId, lessonPosted.kind, (to, context) =>
    lessonPosted.content(lesson, to, context),
  );
}

export function notifyLastOneLeft(tx: DbOrTx, clientId: string, kind: ServiceKind) {
  return toClient(tx, clientId, lastOneLeft.kind, (to, context) =>
    lastOneLeft.content({ kind }, to, context),
  );
}

export async function notifyPaymentReceived(tx: DbOrTx, buyerId: string, payment: PaymentNotice) {
  await toClient(tx, buyerId, paymentReceipt.kind, (to, context) =>
    paymentReceipt.content(payment, to, context),
  );
  const buyer = await recipientById(tx, buyerId);
  await toStaff(tx, staffPaymentReceived.kind, (to, context) =>
    staffPaymentReceived.content({ payment, buyer }, to, context),
  );
}

export async function notifyPaymentFailed(tx: DbOrTx, buyerId: string, payment: PaymentNotice) {
  await toClient(tx, buyerId, paymentFailed.kind, (to, context) =>
    paymentFailed.content(payment, to, context),
  );
  const buyer = await recipientById(tx, buyerId);
  await toStaff(tx, staffPaymentFailed.kind, (to, context) =>
    staffPaymentFailed.content({ payment, buyer }, to, context),
  );
}

/** Staff only: the coach answers a dispute in Stripe's dashboard. */
export async function notifyDispute(
  tx: DbOrTx,
  buyerId: string | null,
  { state, reason, ...payment }: PaymentNotice & { state: DisputeState; reason: string },
) {
  const buyer = buyerId ? await recipientById(tx, buyerId) : null;
  return toStaff(tx, staffPaymentDisputed.kind, (to, context) =>
    staffPaymentDisputed.content({ payment, buyer, state, reason }, to, context),
  );
}

export function notifyNewLead(tx: DbOrTx, lead: Recipient) {
  return toStaff(tx, staffNewLead.kind, (to, context) => staffNewLead.content({ lead }, to, context));
}

export async function notifyHomeworkSubmitted(tx: DbOrTx, clientId: string, homework: { title: string }) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return toStaff(tx, staffHomeworkSubmitted.kind, (to, context) =>
    staffHomeworkSubmitted.content({ client, title: homework.title }, to, context),
  );
}

export async function notifyIntakeSubmitted(tx: DbOrTx, clientId: string) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return toStaff(tx, staffIntakeSubmitted.kind, (to, context) =>
    staffIntakeSubmitted.content({ client }, to, context),
  );
}

export function notifyDeletionRequest(tx: DbOrTx, person: Recipient, note: string | null) {
  return toStaff(tx, staffDeletionRequest.kind, (to, context) =>
    staffDeletionRequest.content({ person, note }, to, context),
  );
}

/**
 * An accepted offer (docs/decisions/0053-job-search.md, "Outcomes"): staff hear of it, and the client is asked
 * for a few words once — not again if a testimonial request was ever queued for them.
 */
export async function notifyOfferAccepted(
  tx: DbOrTx,
  clientId: string,
  outcome: Omit<OfferAccepted, "client">,
) {
  const client = await recipientById(tx, clientId);
  if (!client) return;
  await toStaff(tx, staffOfferAccepted.kind, (to, context) =>
    staffOfferAccepted.content({ client, ...outcome }, to, context),
  );
  const [asked] = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipientId, clientId), eq(emailOutbox.kind, testimonialRequest.kind)))
    .limit(1);
  if (asked) return;
  await enqueueEmail(tx, [client], testimonialRequest.kind, (to) =>
    testimonialRequest.content({ company: outcome.company }, to, mailContext()),
  );
}
