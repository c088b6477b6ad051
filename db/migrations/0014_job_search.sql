CREATE TYPE "public"."job_source" AS ENUM('applied', 'referral', 'recruiter');--> statement-breakpoint
CREATE TYPE "public"."job_stage" AS ENUM('saved', 'applied', 'recruiter_screen', 'technical', 'onsite', 'offer', 'accepted', 'declined', 'rejected', 'withdrawn');--> statement-breakpoint
CREATE TABLE "job_application_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_stage" "job_stage",
	"to_stage" "job_stage" NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_by" uuid,
	CONSTRAINT "job_application_moves_changes" CHECK ("job_application_moves"."from_stage" IS DISTINCT FROM "job_application_moves"."to_stage")
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"company" text NOT NULL,
	"role" text NOT NULL,
	"url" text,
	"level" text,
	"location" text,
	"remote" boolean DEFAULT false NOT NULL,
	"source" "job_source" DEFAULT 'applied' NOT NULL,
	"applied_on" date NOT NULL,
	"notes" text,
	"stage" "job_stage" NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_company_present" CHECK ("job_applications"."company" ~ '[^[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'),
	CONSTRAINT "job_applications_role_present" CHECK ("job_applications"."role" ~ '[^[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'),
	CONSTRAINT "job_applications_lengths" CHECK (char_length("job_applications"."company") <= 120 AND char_length("job_applications"."role") <= 120
        AND ("job_applications"."url" IS NULL OR (char_length("job_applications"."url") <= 2000 AND "job_applications"."url" ~* '^https?://'))
        AND ("job_applications"."level" IS NULL OR char_length("job_applications"."level") <= 40)
        AND ("job_applications"."location" IS NULL OR char_length("job_applications"."location") <= 120)
        AND ("job_applications"."notes" IS NULL OR char_length("job_applications"."notes") <= 5000))
);
--> statement-breakpoint
ALTER TABLE "job_application_moves" ADD CONSTRAINT "job_application_moves_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_moves" ADD CONSTRAINT "job_application_moves_moved_by_profiles_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_application_moves_application_idx" ON "job_application_moves" USING btree ("application_id","moved_at");--> statement-breakpoint
CREATE INDEX "job_applications_client_stage_idx" ON "job_applications" USING btree ("client_id","stage");--> statement-breakpoint
CREATE INDEX "job_applications_client_stage_changed_idx" ON "job_applications" USING btree ("client_id","stage_changed_at");