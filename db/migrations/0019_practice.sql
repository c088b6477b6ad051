CREATE TYPE "public"."no_show_source" AS ENUM('cal', 'coach');--> statement-breakpoint
CREATE TABLE "practice_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"no_show_counts_as_used" boolean DEFAULT true NOT NULL,
	"expiry_months" smallint,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_settings_one_row" CHECK ("practice_settings"."id" = 1),
	CONSTRAINT "practice_settings_expiry_range" CHECK ("practice_settings"."expiry_months" IS NULL OR "practice_settings"."expiry_months" BETWEEN 1 AND 36)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_source" "no_show_source";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "plan_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD CONSTRAINT "practice_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_by_profiles_id_fk" FOREIGN KEY ("no_show_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_source" CHECK (("bookings"."no_show_at" IS NULL) = ("bookings"."no_show_source" IS NULL));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_returned" CHECK (NOT "bookings"."no_show_returned" OR ("bookings"."no_show_at" IS NOT NULL AND "bookings"."counted"));--> statement-breakpoint
-- A plan granted before this column existed started at its last audited grant, else when the person signed up.
UPDATE "profiles" p SET "plan_started_at" = COALESCE(
	(SELECT max(a."created_at") FROM "audit_events" a WHERE a."target_id" = p."id" AND a."after" ->> 'plan' = p."plan"::text),
	p."created_at"
) WHERE p."plan" IS NOT NULL;
