import { type SQLWrapper, sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { JOB_SOURCES, JOB_STAGES } from "../domain/job-search";
import { STALLED_AFTER_DAYS } from "../domain/job-search-board";
import { APPLICATION_LIMITS } from "../lib/schemas/job-search";
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
