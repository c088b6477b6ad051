import { type SQLWrapper, sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { INTERVIEW_KINDS, OFFER_AMOUNT_CEILING } from "../domain/job-offers";
import { JOB_SOURCES, JOB_STAGES, NOTE_VISIBILITIES } from "../domain/job-search";
import { STALLED_AFTER_DAYS } from "../domain/job-search-board";
import { OFFER_LIMITS } from "../lib/schemas/job-offers";
import { APPLICATION_LIMITS } from "../lib/schemas/job-search";
import { NOTE_MAX } from "../lib/schemas/job-search-notes";
import { createdAt, hasText, profiles, updatedAt } from "./schema";

// The client's job search (docs/decisions/0053-job-search.md), beside app/server/schema.ts rather than in
// it: that file is past its length ceiling, and this area grows (interviews, offers, outcomes) in phases.
// drizzle.config.ts reads both.

export const jobStageEnum = pgEnum("job_stage", JOB_STAGES);
export const jobSourceEnum = pgEnum("job_source", JOB_SOURCES);

/** The form's limits (app/lib/schemas/job-search.ts), held by the table too so no path stores more. */
const JOB_LIMITS = APPLICATION_LIMITS;

const within = (column: SQLWrapper, max: number) => sql`char_length(${column}) <= ${sql.raw(String(max))}`;

/**
 * One application of a client's. `stage` and `stage_changed_at` repeat the last row of its moves, written in
 * the same transaction, so the board reads one table (app/server/models/job-search.server.ts).
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    company: text("company").notNull(),
    role: text("role").notNull(),
    url: text("url"),
    level: text("level"),
    location: text("location"),
    remote: boolean("remote").notNull().default(false),
    source: jobSourceEnum("source").notNull().default("applied"),
    /** The day applied (or saved), as the client's calendar reads it. */
    appliedOn: date("applied_on").notNull(),
    notes: text("notes"),
    stage: jobStageEnum("stage").notNull(),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("job_applications_company_present", hasText(t.company)),
    check("job_applications_role_present", hasText(t.role)),
    check(
      "job_applications_lengths",
      sql`${within(t.company, JOB_LIMITS.company)} AND ${within(t.role, JOB_LIMITS.role)}
        AND (${t.url} IS NULL OR (${within(t.url, JOB_LIMITS.url)} AND ${t.url} ~* '^https?://'))
        AND (${t.level} IS NULL OR ${within(t.level, JOB_LIMITS.level)})
        AND (${t.location} IS NULL OR ${within(t.location, JOB_LIMITS.location)})
        AND (${t.notes} IS NULL OR ${within(t.notes, JOB_LIMITS.notes)})`,
    ),
    index("job_applications_client_stage_idx").on(t.clientId, t.stage),
    index("job_applications_client_stage_changed_idx").on(t.clientId, t.stageChangedAt),
  ],
);

/** Every move of an application, its creation included (`from_stage` null): the history is the data. */
export const jobApplicationMoves = pgTable(
  "job_application_moves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    fromStage: jobStageEnum("from_stage"),
    toStage: jobStageEnum("to_stage").notNull(),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
    movedBy: uuid("moved_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    check("job_application_moves_changes", sql`${t.fromStage} IS DISTINCT FROM ${t.toStage}`),
    index("job_application_moves_application_idx").on(t.applicationId, t.movedAt),
  ],
);

export type JobApplication = typeof jobApplications.$inferSelect;
export type JobApplicationMove = typeof jobApplicationMoves.$inferSelect;

/** One row (id 1) once the coach has changed the default: after how many quiet days a search is flagged. */
export const jobSearchSettings = pgTable(
  "job_search_settings",
  {
    id: smallint("id").primaryKey().default(1),
    stalledAfterDays: smallint("stalled_after_days").notNull().default(STALLED_AFTER_DAYS.default),
    updatedBy: uuid("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("job_search_settings_one_row", sql`${t.id} = 1`),
    check(
      "job_search_settings_stalled_range",
      sql`${t.stalledAfterDays} BETWEEN ${sql.raw(String(STALLED_AFTER_DAYS.min))} AND ${sql.raw(String(STALLED_AFTER_DAYS.max))}`,
    ),
  ],
);

// Phase 2: interviews, offers, the client's current pay and the outcome of an accepted offer.

export const interviewKindEnum = pgEnum("interview_kind", INTERVIEW_KINDS);

const amountWithin = (column: SQLWrapper) =>
  sql`${column} BETWEEN 0 AND ${sql.raw(String(OFFER_AMOUNT_CEILING))}`;
const currencyKnown = (column: SQLWrapper) => sql`${column} IN ('CAD', 'USD')`;

/** A dated interview; `starts_at` is an instant, entered and shown on the client's clock. */
export const jobInterviews = pgTable(
  "job_interviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    kind: interviewKindEnum("kind").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "job_interviews_notes_length",
      sql`${t.notes} IS NULL OR ${within(t.notes, OFFER_LIMITS.interviewNotes)}`,
    ),
    index("job_interviews_application_idx").on(t.applicationId, t.startsAt),
    // The coach's week across every client.
    index("job_interviews_starts_idx").on(t.startsAt),
  ],
);

/** One offer per application (a revised offer is an edit); amounts in whole units of its currency. */
export const jobOffers = pgTable(
  "job_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    base: integer("base").notNull(),
    bonus: integer("bonus").notNull().default(0),
    equityPerYear: integer("equity_per_year").notNull().default(0),
    signOn: integer("sign_on").notNull().default(0),
    level: text("level"),
    location: text("location"),
    deadline: date("deadline"),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("job_offers_application_key").on(t.applicationId),
    check("job_offers_currency_known", currencyKnown(t.currency)),
    check(
      "job_offers_amounts",
      sql`${amountWithin(t.base)} AND ${amountWithin(t.bonus)} AND ${amountWithin(t.equityPerYear)} AND ${amountWithin(t.signOn)}`,
    ),
    check(
      "job_offers_lengths",
      sql`(${t.level} IS NULL OR ${within(t.level, OFFER_LIMITS.level)})
        AND (${t.location} IS NULL OR ${within(t.location, OFFER_LIMITS.location)})
        AND (${t.notes} IS NULL OR ${within(t.notes, OFFER_LIMITS.notes)})`,
    ),
    // The coach's upcoming deadlines.
    index("job_offers_deadline_idx").on(t.deadline),
  ],
);

/** What the client earns now, if they say: the pay change an accepted offer records is against it. */
export const jobCurrentPay = pgTable(
  "job_current_pay",
  {
    clientId: uuid("client_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    base: integer("base").notNull(),
    currency: text("currency").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("job_current_pay_currency_known", currencyKnown(t.currency)),
    check("job_current_pay_base", amountWithin(t.base)),
  ],
);

/**
 * The outcome of the one accepted offer of a search (unique per client), with its figures as they were
 * when it was accepted. `consent_at` is the later phase's (public figures); null until the client agrees.
 */
export const jobOutcomes = pgTable(
  "job_outcomes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => jobOffers.id, { onDelete: "cascade" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    /** The first paid order's `fulfilled_at`; null when the client never paid through the site. */
    coachingStartedAt: timestamp("coaching_started_at", { withTimezone: true }),
    /** The application's first move into `offer` (the acceptance itself when it skipped that stage). */
    offerAt: timestamp("offer_at", { withTimezone: true }).notNull(),
    daysToOffer: integer("days_to_offer"),
    sessionsUsed: integer("sessions_used").notNull(),
    currentBase: integer("current_base"),
    currentCurrency: text("current_currency"),
    /** Offer base minus current base, same currency only; null otherwise. */
    baseChange: integer("base_change"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("job_outcomes_client_key").on(t.clientId),
    check(
      "job_outcomes_current_pay",
      sql`(${t.currentBase} IS NULL) = (${t.currentCurrency} IS NULL) AND (${t.currentCurrency} IS NULL OR ${currencyKnown(t.currentCurrency)})`,
    ),
  ],
);

export type JobInterview = typeof jobInterviews.$inferSelect;
export type JobOffer = typeof jobOffers.$inferSelect;
export type JobOutcome = typeof jobOutcomes.$inferSelect;

export const noteVisibilityEnum = pgEnum("job_note_visibility", NOTE_VISIBILITIES);

/** A coach's or admin's note on a client's application (app/server/models/job-search-notes.server.ts). */
export const jobApplicationNotes = pgTable(
  "job_application_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    visibility: noteVisibilityEnum("visibility").notNull().default("staff"),
    createdAt: createdAt(),
  },
  (t) => [
    check("job_application_notes_body_present", hasText(t.body)),
    check("job_application_notes_body_length", within(t.body, NOTE_MAX)),
    index("job_application_notes_application_idx").on(t.applicationId, t.createdAt),
  ],
);
