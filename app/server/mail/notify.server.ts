import { discountLines, discountText, money, offerTitle, type PricedOrder, taxText } from "~/domain/orders";
import { KIND_LABELS, type ServiceKind } from "~/domain/plans";
import type { DbOrTx } from "../db.server";
import {
  type EmailRecipient,
  enqueueEmail,
  type MailContext,
  mailContext,
  type Recipient,
  recipientById,
  staffRecipients,
} from "./outbox.server";
import type { EmailContent } from "./templates.server";

// What each event says, and to whom. Each runs in the causing change's transaction, so the change and
// its emails commit together; a client's email says only their own records.

function longDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone }).format(date);
}

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

const who = (person: Pick<Recipient, "email" | "fullName">) =>
  person.fullName?.trim() ? `${person.fullName.trim()} (${person.email})` : person.email;

export function notifyWelcome(tx: DbOrTx, clientId: string) {
  return toClient(tx, clientId, "welcome", (_to, { origin, siteName }) => ({
    subject: `Welcome to ${siteName}`,
    summary: "Your client portal is ready.",
    heading: `Welcome to ${siteName}`,
    paragraphs: [
      "You're now a client. Your portal has your plan, your sessions, lessons, homework and resources in one place.",
    ],
    action: { label: "Open your dashboard", url: `${origin}/dashboard` },
  }));
}

export function notifyHomeworkAssigned(
  tx: DbOrTx,
  clientId: string,
  homework: { title: string; dueDate: string | null; description: string | null },
) {
  return toClient(tx, clientId, "homework-assigned", (_to, { origin }) => ({
    subject: `New homework: ${homework.title}`,
    summary: homework.dueDate ? `Due ${homework.dueDate}.` : "No due date.",
    heading: "You have new homework",
    paragraphs: [homework.title, ...(homework.description ? [homework.description] : [])],
    details: homework.dueDate ? [["Due", homework.dueDate]] : [],
    action: { label: "Open your homework", url: `${origin}/homework` },
  }));
}

export function notifyHomeworkReviewed(
  tx: DbOrTx,
  clientId: string,
  homework: { title: string; feedback: string | null; files?: readonly string[] },
) {
  const files = homework.files ?? [];
  return toClient(tx, clientId, "homework-reviewed", (_to, { origin }) => ({
    subject: `Homework reviewed: ${homework.title}`,
    summary: homework.feedback ? "Your coach left feedback." : "Your coach reviewed it.",
    heading: "Your homework was reviewed",
    paragraphs: [homework.title, ...attachedFiles(files, `${origin}/homework`)],
    ...(homework.feedback ? { quote: { label: "Feedback", text: homework.feedback } } : {}),
    action: { label: "See the review", url: `${origin}/homework` },
  }));
}

/**
 * The files that came with a review or a lesson, by name, and where to get them: never the files
 * themselves, which are served only to the signed-in owner (docs/decisions/0043-file-storage.md).
 */
function attachedFiles(names: readonly string[], page: string): string[] {
  if (names.length === 0) return [];
  const count = names.length === 1 ? "1 file" : `${names.length} files`;
  return [`Your coach attached ${count}: ${names.join(", ")}. Download them from ${page} (sign in first).`];
}

export function notifyLessonPosted(
  tx: DbOrTx,
  clientId: string,
  lesson: { title: string; occurredAt: Date; recordingUrl: string | null; files?: readonly string[] },
) {
  const files = lesson.files ?? [];
  return toClient(tx, clientId, "lesson-posted", (to, { origin }) => ({
    subject: `Lesson posted: ${lesson.title}`,
    summary: `From ${longDate(lesson.occurredAt, to.timeZone)}.`,
    heading: "A lesson was posted",
    paragraphs: [lesson.title, ...attachedFiles(files, `${origin}/lessons`)],
    details: [
      ["Date", longDate(lesson.occurredAt, to.timeZone)],
      ...(lesson.recordingUrl ? ([["Recording", lesson.recordingUrl]] as [string, string][]) : []),
    ],
    action: { label: "Open your lessons", url: `${origin}/lessons` },
  }));
}

export function notifyLastOneLeft(tx: DbOrTx, clientId: string, kind: ServiceKind) {
  const what = KIND_LABELS[kind];
  return toClient(tx, clientId, "last-one-left", (_to, { origin }) => ({
    subject: `One left: ${what}`,
    summary: `You have one ${what.toLowerCase()} left in your plan.`,
    heading: `One ${what.toLowerCase()} left`,
    paragraphs: [
      `You have one ${what.toLowerCase()} left in your plan. Your plan page shows what's included.`,
    ],
    action: { label: "See your plan", url: `${origin}/plan` },
  }));
}

/** `order`: its price terms, so a receipt names the list price and code beside what was paid. */
export type PaymentNotice = {
  offer: string;
  amount: number;
  currency: string;
  order?: PricedOrder;
  /** Stripe Tax's share of `amount`; null or absent when none was computed. */
  tax?: number | null;
};

export async function notifyPaymentReceived(tx: DbOrTx, buyerId: string, payment: PaymentNotice) {
  const amount = money(payment.amount, payment.currency);
  const offer = offerTitle(payment.offer);
  await toClient(tx, buyerId, "payment-receipt", (_to, { origin }) => ({
    subject: `Receipt: ${amount} for ${offer}`,
    summary: `We received ${amount}. Thank you.`,
    heading: "Thank you for your payment",
    paragraphs: [`We received your payment for ${offer}.`],
    details: [
      ["Amount", amount],
      ...(payment.tax != null
        ? ([["Included", taxText(payment.tax, payment.currency)]] as [string, string][])
        : []),
      ...(payment.order ? discountLines({ ...payment.order, beforeTax: payment.tax != null }) : []),
    ],
    action: { label: "See your billing", url: `${origin}/billing` },
  }));
  const buyer = await recipientById(tx, buyerId);
  await toStaff(tx, "staff-payment-received", (_to, { origin }) => ({
    subject: `Payment received: ${amount} for ${offer}`,
    summary: `From ${buyer ? who(buyer) : "a buyer"}.`,
    heading: "A payment was received",
    paragraphs: [
      `${buyer ? who(buyer) : "A buyer"} paid ${amount} for ${offer}${payment.tax != null ? `, of which ${taxText(payment.tax, payment.currency)}` : ""}.`,
      ...(payment.order && discountText(payment.order)
        ? [`${discountText({ ...payment.order, beforeTax: payment.tax != null })}.`]
        : []),
    ],
    action: { label: "Open payments", url: `${origin}/admin/payments` },
  }));
}

export async function notifyPaymentFailed(tx: DbOrTx, buyerId: string, payment: PaymentNotice) {
  const amount = money(payment.amount, payment.currency);
  const offer = offerTitle(payment.offer);
  await toClient(tx, buyerId, "payment-failed", (_to, { origin }) => ({
    subject: `Payment failed: ${amount} for ${offer}`,
    summary: "Your payment did not go through.",
    heading: "Your payment did not go through",
    paragraphs: [
      `The payment of ${amount} for ${offer} failed. Your card company may have declined it; the payment will be tried again.`,
    ],
    action: { label: "See your billing", url: `${origin}/billing` },
  }));
  const buyer = await recipientById(tx, buyerId);
  await toStaff(tx, "staff-payment-failed", (_to, { origin }) => ({
    subject: `Payment failed: ${amount} for ${offer}`,
    summary: `From ${buyer ? who(buyer) : "a buyer"}.`,
    heading: "A payment failed",
    paragraphs: [`A payment of ${amount} for ${offer} by ${buyer ? who(buyer) : "a buyer"} failed.`],
    action: { label: "Open payments", url: `${origin}/admin/payments` },
  }));
}

const DISPUTE_NEWS = {
  open: { subject: "Payment disputed", heading: "A payment was disputed" },
  won: { subject: "Dispute won", heading: "A dispute was decided in your favour" },
  lost: { subject: "Dispute lost", heading: "A dispute was lost: the money was taken back" },
} as const;

/** Staff only: the coach answers a dispute in Stripe's dashboard. */
export async function notifyDispute(
  tx: DbOrTx,
  buyerId: string | null,
  payment: PaymentNotice & { state: keyof typeof DISPUTE_NEWS; reason: string },
) {
  const amount = money(payment.amount, payment.currency);
  const offer = offerTitle(payment.offer);
  const buyer = buyerId ? await recipientById(tx, buyerId) : null;
  const news = DISPUTE_NEWS[payment.state];
  return toStaff(tx, "staff-payment-disputed", (_to, { origin }) => ({
    subject: `${news.subject}: ${amount} for ${offer}`,
    summary: `From ${buyer ? who(buyer) : "a buyer"}.`,
    heading: news.heading,
    paragraphs: [
      `${buyer ? who(buyer) : "A buyer"}'s payment of ${amount} for ${offer} is under a card dispute (reason: ${payment.reason.replace(/_/g, " ")}).`,
      payment.state === "open"
        ? "Answer it with evidence in Stripe's dashboard before its deadline; the client's access is unchanged until you decide."
        : "The client's access is unchanged until you decide.",
    ],
    action: { label: "Open payments", url: `${origin}/admin/payments` },
  }));
}

export function notifyNewLead(tx: DbOrTx, lead: Recipient) {
  return toStaff(tx, "staff-new-lead", (_to, { origin }) => ({
    subject: `New lead: ${who(lead)}`,
    summary: "Signed in for the first time.",
    heading: "A new lead signed up",
    paragraphs: [`${who(lead)} signed in for the first time.`],
    action: { label: "Open leads", url: `${origin}/admin/clients?filter=leads` },
  }));
}

export async function notifyHomeworkSubmitted(tx: DbOrTx, clientId: string, homework: { title: string }) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return toStaff(tx, "staff-homework-submitted", (_to, { origin }) => ({
    subject: `Homework handed in: ${homework.title}`,
    summary: `By ${who(client)}.`,
    heading: "Homework was handed in",
    paragraphs: [`${who(client)} handed in "${homework.title}".`],
    action: { label: "Review it", url: `${origin}/admin/clients/${clientId}` },
  }));
}

export async function notifyIntakeSubmitted(tx: DbOrTx, clientId: string) {
  const client = await recipientById(tx, clientId);
  if (!client) return [];
  return toStaff(tx, "staff-intake-submitted", (_to, { origin }) => ({
    subject: `Intake questionnaire answered: ${who(client)}`,
    summary: "Their answers are on their page.",
    heading: "A client answered the intake questionnaire",
    paragraphs: [`${who(client)} sent their answers to the intake questionnaire.`],
    action: { label: "Read their answers", url: `${origin}/admin/clients/${clientId}#intake` },
  }));
}

export function notifyDeletionRequest(tx: DbOrTx, person: Recipient, note: string | null) {
  return toStaff(tx, "staff-deletion-request", (_to, { origin }) => ({
    subject: `Data-deletion request: ${who(person)}`,
    summary: "Answer within 30 days.",
    heading: "Someone asked for their data to be deleted",
    paragraphs: [`${who(person)} asked for their account and records to be deleted. Answer within 30 days.`],
    ...(note ? { quote: { label: "Their note", text: note } } : {}),
    action: { label: "Open their page", url: `${origin}/admin/clients/${person.id}` },
  }));
}
