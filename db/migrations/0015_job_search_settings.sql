CREATE TABLE "job_search_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"stalled_after_days" smallint DEFAULT 14 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_search_settings_one_row" CHECK ("job_search_settings"."id" = 1),
	CONSTRAINT "job_search_settings_stalled_range" CHECK ("job_search_settings"."stalled_after_days" BETWEEN 1 AND 90)
);
--> statement-breakpoint
ALTER TABLE "job_search_settings" ADD CONSTRAINT "job_search_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;