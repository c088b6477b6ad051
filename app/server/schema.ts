import { type SQLWrapper, sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { HOMEWORK_STATUSES, PLANS, ROLES, SERVICE_KINDS } from "../domain/plans";
import { NO_SHOW_SOURCES } from "../domain/practice";
import { RESOURCE_KINDS } from "../domain/resource-kinds";
import { ACCEPTED_FILE_TYPES, FILE_KINDS } from "../lib/files";
import type { IntakeAnswers, IntakeQuestion } from "../lib/schemas/intake";

// The product's rules live here as constraints, so no code path can break them.
// Over 300 lines on purpose: every table with its constraints in one place, one section per area, so a rule
// that spans tables (a foreign key's cascade, a shared enum or check) is reviewed side by side. A choice, not
// drizzle-kit's need: its `schema` (drizzle.config.ts) also takes a glob, should a split ever read better.

export type LinkRow = { label: string; url: string };

export const roleEnum = pgEnum("role", ROLES);
export const planEnum = pgEnum("plan", PLANS);
export const serviceKindEnum = pgEnum("service_kind", SERVICE_KINDS);
export const homeworkStatusEnum = pgEnum("homework_status", HOMEWORK_STATUSES);
export const resourceKindEnum = pgEnum("resource_kind", RESOURCE_KINDS);

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
// Not blank, by JS trim()'s notion of white space.
/** Not only spaces (the text columns' "present" checks; app/server/schema-job-search.ts too). */
export const hasText = (column: SQLWrapper) =>
  sql`${column} ~ '[^[:space:]\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]'`;
const links = (name: string) => jsonb(name).$type<LinkRow[]>().notNull().default(sql`'[]'::jsonb`);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    role: roleEnum("role").notNull().default("lead"),
    plan: planEnum("plan"),
    /** When the current plan was granted; its sessions expire from here (docs/decisions/0055-no-shows-and-expiry.md). */
    planStartedAt: timestamp("plan_started_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_email_lower_key").on(sql`lower(${t.email})`),
    index("profiles_role_email_idx").on(t.role, t.email),
    index("profiles_email_idx").on(t.email),
    check("profiles_email_shape", sql`${t.email} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
  ],
);

/** Only the token's SHA-256 is stored, so a copy of the database cannot sign anyone in. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: text("provider_id").notNull(),
    accountId: text("account_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("accounts_provider_account_key").on(t.providerId, t.accountId),
    index("accounts_user_id_idx").on(t.userId),
  ],
);

/** Every +1/−1 is a row; totals are sums. */
export const serviceUsage = pgTable(
  "service_usage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: serviceKindEnum("kind").notNull(),
    amount: smallint("amount").notNull(),
    minutes: smallint("minutes"),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("service_usage_amount_unit", sql`${t.amount} IN (-1, 1)`),
    check(
      "service_usage_minutes_rule",
      sql`${t.minutes} IS NOT DISTINCT FROM (CASE WHEN ${t.kind} = 'session_30m' AND ${t.amount} = 1 THEN 30 END)`,
    ),
    index("service_usage_client_kind_idx").on(t.clientId, t.kind),
  ],
);

export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    details: text("details"),
    // Always null when an admin creates the entry (docs/product/entities.md); kept for other sources.
    kind: text("kind"),
    links: links("links"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    check("activities_title_present", hasText(t.title)),
    index("activities_client_occurred_idx").on(t.clientId, t.occurredAt.desc()),
  ],
);

export const lessons = pgTable(
  "lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // A lesson outlives the coach's account.
    coachId: uuid("coach_id").references(() => profiles.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    notes: text("notes"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    recordingUrl: text("recording_url"),
    resources: links("resources"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("lessons_title_present", hasText(t.title)),
    index("lessons_client_occurred_idx").on(t.clientId, t.occurredAt.desc()),
  ],
);

export const homework = pgTable(
  "homework",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    assignedBy: uuid("assigned_by").references(() => profiles.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: homeworkStatusEnum("status").notNull().default("assigned"),
    dueDate: date("due_date"),
    description: text("description"),
    links: links("links"),
    submissionUrl: text("submission_url"),
    submissionNote: text("submission_note"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    feedback: text("feedback"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("homework_title_present", hasText(t.title)),
    check(
      "homework_status_times",
      sql`(${t.status} = 'assigned' OR ${t.submittedAt} IS NOT NULL) AND (${t.status} <> 'reviewed' OR ${t.reviewedAt} IS NOT NULL)`,
    ),
    index("homework_client_due_idx").on(t.clientId, t.dueDate.asc().nullsLast()),
  ],
);

export const resources = pgTable(
  "resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: resourceKindEnum("kind").notNull(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("resources_title_present", hasText(t.title)),
    index("resources_client_created_idx").on(t.clientId, t.createdAt.desc()),
  ],
);

// ── Files (docs/decisions/0043-file-storage.md) ───────────────────────────────────────────────────

export const fileKindEnum = pgEnum("file_kind", FILE_KINDS);
const acceptedTypes = sql.raw(
  Object.keys(ACCEPTED_FILE_TYPES)
    .map((type) => `'${type}'`)
    .join(", "),
);

/**
 * Metadata only; the bytes are in the file store under `storage_key`. A row exists only for a stored
 * object (stored first, row second; row deleted first, object second), so the sweep's case is an object
 * with no row, never the reverse. Owned by a client; an attachment also names its homework or lesson,
 * which must be the owner's (checked by the model).
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // The coach's marked-up copy outlives the coach's account.
    uploadedBy: uuid("uploaded_by").references(() => profiles.id, { onDelete: "set null" }),
    kind: fileKindEnum("kind").notNull().default("other"),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    type: text("type").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    // A file outlives what it was attached to: it stays in the owner's files.
    homeworkId: uuid("homework_id").references(() => homework.id, { onDelete: "set null" }),
    lessonId: uuid("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("files_storage_key_key").on(t.storageKey),
    index("files_owner_created_idx").on(t.ownerId, t.createdAt.desc()),
    index("files_homework_idx").on(t.homeworkId).where(sql`${t.homeworkId} IS NOT NULL`),
    index("files_lesson_idx").on(t.lessonId).where(sql`${t.lessonId} IS NOT NULL`),
    check("files_name_present", hasText(t.name)),
    check("files_size_positive", sql`${t.size} > 0`),
    check("files_type_accepted", sql`${t.type} IN (${acceptedTypes})`),
    check("files_sha256_shape", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check("files_one_attachment", sql`${t.homeworkId} IS NULL OR ${t.lessonId} IS NULL`),
  ],
);

export type FileRow = typeof files.$inferSelect;

export type Profile = typeof profiles.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
export type Activity = typeof activities.$inferSelect;
export type Homework = typeof homework.$inferSelect;
export type Resource = typeof resources.$inferSelect;
export type UsageRowRecord = typeof serviceUsage.$inferSelect;

/** Written in the same transaction as the change it records. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetId: uuid("target_id").references(() => profiles.id, { onDelete: "cascade" }),
    entity: text("entity").notNull(),
    entityId: uuid("entity_id"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_target_created_idx").on(t.targetId, t.createdAt.desc())],
);

export type AuditEvent = typeof auditEvents.$inferSelect;

// ── Bookings (docs/decisions/0028-bookings.md) ──────────────────────────────────────────────────

export const BOOKING_STATUSES = ["booked", "cancelled"] as const;
export const bookingStatusEnum = pgEnum("booking_status", BOOKING_STATUSES);
export const noShowSourceEnum = pgEnum("no_show_source", NO_SHOW_SOURCES);

/**
 * Known by the uid Cal.com first gave it. `counted`: holds a +1 in the usage ledger now. No `client_id`:
 * unmatched, or `claimed_by` a client pending an admin (docs/decisions/0036-booking-ownership.md).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uid: text("uid").notNull(),
    currentUid: text("current_uid").notNull(),
    clientId: uuid("client_id").references(() => profiles.id, { onDelete: "cascade" }),
    kind: serviceKindEnum("kind").notNull(),
    eventType: text("event_type").notNull(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    attendeeEmail: text("attendee_email").notNull(),
    attendeeName: text("attendee_name"),
    /** As the booker's Cal.com page had it: a reminder's time zone when the client chose none. */
    attendeeTimeZone: text("attendee_time_zone"),
    joinUrl: text("join_url"),
    status: bookingStatusEnum("status").notNull().default("booked"),
    counted: boolean("counted").notNull().default(false),
    overPlan: boolean("over_plan").notNull().default(false),
    lateCancel: boolean("late_cancel").notNull().default(false),
    lateChange: boolean("late_change").notNull().default(false),
    claimedBy: uuid("claimed_by").references(() => profiles.id, { onDelete: "set null" }),
    confirmReason: text("confirm_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => profiles.id, { onDelete: "set null" }),
    /** The client did not come (docs/decisions/0055-no-shows-and-expiry.md): when, and who said so. */
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    noShowSource: noShowSourceEnum("no_show_source"),
    noShowBy: uuid("no_show_by").references(() => profiles.id, { onDelete: "set null" }),
    /** The no-show gave its counted session back (a −1 usage row), as the setting said when it was recorded. */
    noShowReturned: boolean("no_show_returned").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bookings_uid_key").on(t.uid),
    index("bookings_current_uid_idx").on(t.currentUid),
    index("bookings_client_starts_idx").on(t.clientId, t.startsAt),
    index("bookings_starts_idx").on(t.startsAt),
    check("bookings_kind_counted", sql`${t.kind} IN ('session_30m', 'mock_interview')`),
    check("bookings_counted_has_client", sql`NOT ${t.counted} OR ${t.clientId} IS NOT NULL`),
    check("bookings_counted_not_over", sql`NOT (${t.counted} AND ${t.overPlan})`),
    check("bookings_times_order", sql`${t.endsAt} >= ${t.startsAt}`),
    check("bookings_claimed_unmatched", sql`${t.claimedBy} IS NULL OR ${t.clientId} IS NULL`),
    check("bookings_no_show_source", sql`(${t.noShowAt} IS NULL) = (${t.noShowSource} IS NULL)`),
    check(
      "bookings_no_show_returned",
      sql`NOT ${t.noShowReturned} OR (${t.noShowAt} IS NOT NULL AND ${t.counted})`,
    ),
  ],
);

export const calDeliveries = pgTable(
  "cal_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trigger: text("trigger").notNull(),
    uid: text("uid").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cal_deliveries_trigger_uid_key").on(t.trigger, t.uid)],
);

export type Booking = typeof bookings.$inferSelect;

/** Amounts copied at order time, so a later price change never rewrites history; never deleted. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The money outlives the account.
    personId: uuid("person_id").references(() => profiles.id, { onDelete: "set null" }),
    offer: text("offer").notNull(),
    currency: text("currency").notNull(),
    option: text("option").notNull(),
    mode: text("mode").notNull(),
    unitAmount: integer("unit_amount").notNull(),
    instalments: smallint("instalments"),
    paidInstalments: smallint("paid_instalments").notNull().default(0),
    plan: planEnum("plan"),
    status: text("status").notNull().default("pending"),
    provider: text("provider").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    customerId: text("customer_id"),
    subscriptionId: text("subscription_id"),
    dispute: text("dispute"),
    // A code's discount, copied when the order is made (docs/decisions/0044-discount-codes.md); the code
    // as typed outlives its row.
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    discountCode: text("discount_code"),
    discountPercent: smallint("discount_percent"),
    listUnitAmount: integer("list_unit_amount"),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_checkout_session_key").on(t.checkoutSessionId),
    uniqueIndex("orders_subscription_key").on(t.subscriptionId),
    index("orders_person_created_idx").on(t.personId, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    // The plans still paying, for the business page (docs/decisions/0054-business-at-a-glance.md).
    index("orders_running_plans_idx")
      .on(t.createdAt)
      .where(sql`${t.mode} = 'subscription' AND ${t.status} IN ('active', 'past_due')`),
    check("orders_offer_known", sql`${t.offer} IN ('single', 'monthly', 'basic', 'pro', 'premium')`),
    check("orders_currency_known", sql`${t.currency} IN ('CAD', 'USD')`),
    check("orders_option_known", sql`${t.option} IN ('upfront', 'financing')`),
    check("orders_mode_known", sql`${t.mode} IN ('payment', 'subscription')`),
    check(
      "orders_status_known",
      sql`${t.status} IN ('pending', 'paid', 'active', 'past_due', 'completed', 'canceled', 'refunded', 'expired')`,
    ),
    check("orders_amount_positive", sql`${t.unitAmount} > 0`),
    check(
      "orders_instalments_rule",
      sql`(${t.option} = 'financing') = (${t.instalments} IS NOT NULL) AND ${t.paidInstalments} >= 0`,
    ),
    check(
      "orders_discount_rule",
      sql`(${t.discountPercent} IS NULL) = (${t.listUnitAmount} IS NULL) AND (${t.discountPercent} IS NULL) = (${t.discountCode} IS NULL) AND (${t.discountPercent} IS NULL OR (${t.discountPercent} BETWEEN 1 AND 99 AND ${t.listUnitAmount} > ${t.unitAmount}))`,
    ),
  ],
);

/** Append-only. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** One row per provider object and kind. */
    reference: text("reference").notNull(),
    paymentIntent: text("payment_intent"),
    receiptUrl: text("receipt_url"),
    /** Of a charge, the tax Stripe Tax added (in `amount`); null when none was computed (0044). */
    taxAmount: integer("tax_amount"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_kind_reference_key").on(t.kind, t.reference),
    index("payments_order_occurred_idx").on(t.orderId, t.occurredAt.desc()),
    index("payments_payment_intent_idx").on(t.paymentIntent),
    // The business page's months and its files' keyset pages (docs/decisions/0054-business-at-a-glance.md):
    // the months' columns ride along, so a year's sums read the index alone.
    index("payments_occurred_idx").on(t.occurredAt, t.id, t.kind, t.currency, t.amount, t.taxAmount),
    // `chargeback`: a lost dispute (counts like a refund).
    check("payments_kind_known", sql`${t.kind} IN ('charge', 'refund', 'failed', 'chargeback')`),
    check("payments_amount_not_negative", sql`${t.amount} >= 0`),
    check(
      "payments_tax_within_amount",
      sql`${t.taxAmount} IS NULL OR (${t.taxAmount} >= 0 AND ${t.taxAmount} <= ${t.amount})`,
    ),
  ],
);

/** Keyed by event id, so a replay changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: uuid("order_id").references(() => orders.id),
  outcome: text("outcome").notNull(),
  /**
   * Set only when a paid session or invoice was stored as ignored (its amount failed the check): a later
   * refund or dispute of that charge is then ignored too, not retried (docs/decisions/0044-discount-codes.md).
   */
  paymentIntent: text("payment_intent"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Order = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

// ── Email (docs/decisions/0029-email-outbox.md) ───────────────────────────────────────────────────

/**
 * Only the holder of `claim_token` marks a row sent; an expired lease lets another worker take it.
 * `message_id` never changes, so a resend after a crash is recognisable.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: text("message_id").notNull(),
    recipientId: uuid("recipient_id").references(() => profiles.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    summary: text("summary").notNull(),
    link: text("link"),
    unsubscribeUrl: text("unsubscribe_url"),
    status: text("status").notNull().default("pending"),
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    claimToken: uuid("claim_token"),
    attempts: smallint("attempts").notNull().default(0),
    lastError: text("last_error"),
    digestId: uuid("digest_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A session reminder's booking: a reschedule or a cancellation replaces or removes it unsent. */
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** An iCalendar file sent with it (a session reminder's). */
    calendar: text("calendar"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_message_id_key").on(t.messageId),
    index("email_outbox_booking_idx").on(t.bookingId).where(sql`${t.bookingId} IS NOT NULL`),
    index("email_outbox_pending_idx").on(t.sendAfter).where(sql`${t.status} = 'pending'`),
    index("email_outbox_held_idx").on(t.recipientId, t.sendAfter).where(sql`${t.status} = 'held'`),
    index("email_outbox_created_idx").on(t.createdAt.desc()),
    // A plan behind: what its client was emailed (docs/decisions/0054-business-at-a-glance.md).
    index("email_outbox_recipient_kind_idx").on(t.recipientId, t.kind, t.createdAt),
    check(
      "email_outbox_status_known",
      sql`${t.status} IN ('pending', 'held', 'digested', 'sent', 'failed', 'unsent')`,
    ),
    check("email_outbox_address_shape", sql`${t.toAddress} ~ '^[^@[:space:]<>"]+@[^@[:space:]<>"]+$'`),
    check("email_outbox_sent_rule", sql`(${t.status} = 'sent') = (${t.sentAt} IS NOT NULL)`),
  ],
);

/** Absent: every kind "at once". */
export const emailPreferences = pgTable(
  "email_preferences",
  {
    profileId: uuid("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    deliveries: jsonb("deliveries").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    digestHour: smallint("digest_hour").notNull().default(8),
    /** Staff: when the day's sessions email comes. */
    agendaHour: smallint("agenda_hour").notNull().default(7),
    timeZone: text("time_zone").notNull().default("UTC"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("email_preferences_hour", sql`${t.digestHour} BETWEEN 0 AND 23`),
    check("email_preferences_agenda_hour", sql`${t.agendaHour} BETWEEN 0 AND 23`),
  ],
);

export type OutboxRow = typeof emailOutbox.$inferSelect;

// ── Discount codes (docs/decisions/0044-discount-codes.md) ───────────────────────────────────────

/**
 * `referral`: a client's own (one each, its percent the setting's); `sponsor`: the coach's; `reward`: a
 * single-use code a referrer earned, for their own next purchase. `lookup` is the code as matched: upper
 * case, letters and digits only, so "maya 7k2" finds MAYA-7K2.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    lookup: text("lookup").notNull(),
    kind: text("kind").notNull(),
    ownerId: uuid("owner_id").references(() => profiles.id, { onDelete: "cascade" }),
    percent: smallint("percent"),
    /** Null: every offer. */
    offers: text("offers").array(),
    maxUses: integer("max_uses"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    note: text("note"),
    /** A referral code's: what its owner takes for each referred purchase. */
    reward: text("reward"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_lookup_key").on(t.lookup),
    uniqueIndex("discount_codes_referral_owner_key").on(t.ownerId).where(sql`${t.kind} = 'referral'`),
    index("discount_codes_kind_created_idx").on(t.kind, t.createdAt.desc()),
    check("discount_codes_kind_known", sql`${t.kind} IN ('referral', 'sponsor', 'reward')`),
    check(
      "discount_codes_code_shape",
      sql`${t.code} ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' AND length(${t.code}) <= 40`,
    ),
    check("discount_codes_lookup_shape", sql`${t.lookup} ~ '^[A-Z0-9]{4,32}$'`),
    check("discount_codes_percent_range", sql`${t.percent} IS NULL OR ${t.percent} BETWEEN 1 AND 99`),
    check("discount_codes_max_uses_positive", sql`${t.maxUses} IS NULL OR ${t.maxUses} > 0`),
    check(
      "discount_codes_kind_rule",
      sql`CASE ${t.kind}
        WHEN 'referral' THEN ${t.ownerId} IS NOT NULL AND ${t.percent} IS NULL AND ${t.reward} IN ('cash', 'discount')
        WHEN 'reward' THEN ${t.ownerId} IS NOT NULL AND ${t.percent} IS NOT NULL AND ${t.maxUses} = 1 AND ${t.reward} IS NULL
        ELSE ${t.ownerId} IS NULL AND ${t.percent} IS NOT NULL AND ${t.reward} IS NULL END`,
    ),
  ],
);

/** A paid order's use of a code: once per buyer and code. */
export const codeRedemptions = pgTable(
  "code_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    buyerId: uuid("buyer_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("code_redemptions_order_key").on(t.orderId),
    uniqueIndex("code_redemptions_code_buyer_key").on(t.codeId, t.buyerId),
  ],
);

/**
 * A ledger: each referred charge credits its referrer, each refund or lost dispute takes the share back;
 * one row per payment row. `reward` is what the referrer had chosen when the first charge came.
 */
export const referralCredits = pgTable(
  "referral_credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    reward: text("reward").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** A discount reward's single-use code. */
    rewardCodeId: uuid("reward_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referral_credits_payment_key").on(t.paymentId),
    index("referral_credits_referrer_idx").on(t.referrerId, t.createdAt.desc()),
    index("referral_credits_order_idx").on(t.orderId),
    check("referral_credits_reward_known", sql`${t.reward} IN ('cash', 'discount')`),
    check("referral_credits_currency_known", sql`${t.currency} IN ('CAD', 'USD')`),
    check("referral_credits_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);

/** Cash rewards the coach paid by hand. The money moved, so a deleted referrer leaves the row. */
export const referralPayouts = pgTable(
  "referral_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: uuid("referrer_id").references(() => profiles.id, { onDelete: "set null" }),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    note: text("note"),
    paidBy: uuid("paid_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("referral_payouts_referrer_idx").on(t.referrerId, t.createdAt.desc()),
    check("referral_payouts_currency_known", sql`${t.currency} IN ('CAD', 'USD')`),
    check("referral_payouts_amount_positive", sql`${t.amount} > 0`),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
export type ReferralCredit = typeof referralCredits.$inferSelect;

// ── A client's first week (docs/decisions/0046-intake-questionnaire.md, 0047-coaching-agreement.md) ──

// The question's shape and its checks are app/lib/schemas/intake.ts, shared with the browser.
export type { IntakeAnswers, IntakeQuestion } from "../lib/schemas/intake";

/** Each save is a new version; none is ever changed or deleted. No row: the default set is in force. */
export const intakeQuestionnaires = pgTable("intake_questionnaires", {
  version: integer("version").primaryKey().generatedAlwaysAsIdentity(),
  questions: jsonb("questions").$type<IntakeQuestion[]>().notNull(),
  createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * One per time a client is asked: on becoming a client, or when the coach asks again. `answers` is the
 * draft as typed until `submitted_at`; then `questions` holds the questions exactly as they were asked.
 */
export const intakeResponses = pgTable(
  "intake_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => profiles.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    answers: jsonb("answers").$type<IntakeAnswers>().notNull().default(sql`'{}'::jsonb`),
    questionnaireVersion: integer("questionnaire_version").references(() => intakeQuestionnaires.version),
    questions: jsonb("questions").$type<IntakeQuestion[]>(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("intake_responses_open_key").on(t.profileId).where(sql`${t.submittedAt} IS NULL`),
    index("intake_responses_profile_idx").on(t.profileId, t.requestedAt.desc()),
    check("intake_responses_submitted_rule", sql`(${t.submittedAt} IS NULL) = (${t.questions} IS NULL)`),
  ],
);

/** Each saved change is a new version; `requires_acceptance` asks every client to accept it again. */
export const agreementVersions = pgTable(
  "agreement_versions",
  {
    version: integer("version").primaryKey().generatedAlwaysAsIdentity(),
    body: text("body").notNull(),
    bodySha256: text("body_sha256").notNull(),
    requiresAcceptance: boolean("requires_acceptance").notNull().default(true),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("agreement_versions_body_present", hasText(t.body)),
    check("agreement_versions_body_length", sql`length(${t.body}) <= 50000`),
    check("agreement_versions_sha256_shape", sql`${t.bodySha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** What a client accepted, as evidence: the version, its text's hash, the name typed, when and from where. */
export const agreementAcceptances = pgTable(
  "agreement_acceptances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    version: integer("version")
      .notNull()
      .references(() => agreementVersions.version),
    bodySha256: text("body_sha256").notNull(),
    fullName: text("full_name").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agreement_acceptances_profile_version_key").on(t.profileId, t.version),
    index("agreement_acceptances_version_idx").on(t.version, t.acceptedAt.desc()),
    check("agreement_acceptances_name_present", hasText(t.fullName)),
    check("agreement_acceptances_name_length", sql`length(${t.fullName}) <= 200`),
  ],
);

/** One row (id 1) once the coach has changed a default: both steps hold booking back until done. */
export const onboardingSettings = pgTable(
  "onboarding_settings",
  {
    id: smallint("id").primaryKey().default(1),
    intakeBeforeBooking: boolean("intake_before_booking").notNull().default(true),
    agreementBeforeBooking: boolean("agreement_before_booking").notNull().default(true),
    updatedBy: uuid("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [check("onboarding_settings_one_row", sql`${t.id} = 1`)],
);

export type IntakeResponse = typeof intakeResponses.$inferSelect;
export type AgreementVersion = typeof agreementVersions.$inferSelect;
export type AgreementAcceptance = typeof agreementAcceptances.$inferSelect;
