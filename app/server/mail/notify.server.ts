import { and, eq } from "drizzle-orm";
import type { EmailKind } from "~/domain/email";
import type { ServiceKind } from "~/domain/plans";
import type { DbOrTx } from "../db.server";
import { emailOutbox } from "../schema";
import { enqueueEmail, mailContext, type Recipient, recipientById, staffRecipients } from "./outbox.server";
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
import type { EmailTemplate } from "./templates/template.server";
import { testimonialRequest } from "./templates/testimonial-request.server";
import { welcome } from "./templates/welcome.server";

// To whom each event's email goes; what it says is its template (./templates/). Each runs in the causing
// change's transaction, so the change and its emails commit together; a client's email says only their own records.

/** `template`'s email about `data`, queued for each of `recipients`. */
function enqueueTemplate<Data>(
  tx: DbOrTx,
  recipients: readonly Recipient[],
  template: EmailTemplate<EmailKind, Data>,
  data: NoInfer<Data>,
) {
  const context = mailContext();
  return enqueueEmail(tx, recipients, template.kind, (to) => template.content(data, to, context), context);
}

async function toClient<Data>(
  tx: DbOrTx,
  clientId: string,
  template: EmailTemplate<EmailKind, Data>,
  data: NoInfer<Data>,
) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return enqueueTemplate(tx, [client], template, data);
}

async function toStaff<Data>(tx: DbOrTx, template: EmailTemplate<EmailKind, Data>, data: NoInfer<Data>) {
  return enqueueTemplate(tx, await staffRecipients(tx), template, data);
}

export function notifyWelcome(tx: DbOrTx, clientId: string) {
  return toClient(tx, clientId, welcome, {});
}

export function notifyHomeworkAssigned(tx: DbOrTx, clientId: string, homework: HomeworkAssigned) {
  return toClient(tx, clientId, homeworkAssigned, homework);
}

export function notifyHomeworkReviewed(tx: DbOrTx, clientId: string, homework: HomeworkReviewed) {
  return toClient(tx, clientId, homeworkReviewed, homework);
}

export function notifyLessonPosted(tx: DbOrTx, clientId: string, lesson: LessonPosted) {
  return toClient(tx, clientId, lessonPosted, lesson);
}

export function notifyLastOneLeft(tx: DbOrTx, clientId: string, kind: ServiceKind) {
  return toClient(tx, clientId, lastOneLeft, { kind });
}

export async function notifyPaymentReceived(tx: DbOrTx, buyerId: string, payment: PaymentNotice) {
  await toClient(tx, buyerId, paymentReceipt, payment);
  await toStaff(tx, staffPaymentReceived, { payment, buyer: await recipientById(tx, buyerId) });
}

export async function notifyPaymentFailed(tx: DbOrTx, buyerId: string, payment: PaymentNotice) {
  await toClient(tx, buyerId, paymentFailed, payment);
  await toStaff(tx, staffPaymentFailed, { payment, buyer: await recipientById(tx, buyerId) });
}

/** Staff only: the coach answers a dispute in Stripe's dashboard. */
export async function notifyDispute(
  tx: DbOrTx,
  buyerId: string | null,
  { state, reason, ...payment }: PaymentNotice & { state: DisputeState; reason: string },
) {
  const buyer = buyerId ? await recipientById(tx, buyerId) : null;
  return toStaff(tx, staffPaymentDisputed, { payment, buyer, state, reason });
}

export function notifyNewLead(tx: DbOrTx, lead: Recipient) {
  return toStaff(tx, staffNewLead, { lead });
}

export async function notifyHomeworkSubmitted(tx: DbOrTx, clientId: string, homework: { title: string }) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return toStaff(tx, staffHomeworkSubmitted, { client, title: homework.title });
}

export async function notifyIntakeSubmitted(tx: DbOrTx, clientId: string) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return toStaff(tx, staffIntakeSubmitted, { client });
}

export function notifyDeletionRequest(tx: DbOrTx, person: Recipient, note: string | null) {
  return toStaff(tx, staffDeletionRequest, { person, note });
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
  await toStaff(tx, staffOfferAccepted, { client, ...outcome });
  const [asked] = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipientId, clientId), eq(emailOutbox.kind, testimonialRequest.kind)))
    .limit(1);
  if (asked) return;
  await enqueueTemplate(tx, [client], testimonialRequest, { company: outcome.company });
}
