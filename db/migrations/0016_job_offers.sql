CREATE TYPE "public"."interview_kind" AS ENUM('recruiter', 'coding', 'system_design', 'behavioral', 'hiring_manager', 'onsite');--> statement-breakpoint
CREATE TABLE "job_current_pay" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"base" integer NOT NULL,
	"currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_current_pay_currency_known" CHECK ("job_current_pay"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "job_current_pay_base" CHECK ("job_current_pay"."base" BETWEEN 0 AND 10000000)
);
--> statement-breakpoint
CREATE TABLE "job_interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" "interview_kind" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_interviews_notes_length" CHECK ("job_interviews"."notes" IS NULL OR char_length("job_interviews"."notes") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "job_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"base" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"equity_per_year" integer DEFAULT 0 NOT NULL,
	"sign_on" integer DEFAULT 0 NOT NULL,
	"level" text,
	"location" text,
	"deadline" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_offers_currency_known" CHECK ("job_offers"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "job_offers_amounts" CHECK ("job_offers"."base" BETWEEN 0 AND 10000000 AND "job_offers"."bonus" BETWEEN 0 AND 10000000 AND "job_offers"."equity_per_year" BETWEEN 0 AND 10000000 AND "job_offers"."sign_on" BETWEEN 0 AND 10000000),
	CONSTRAINT "job_offers_lengths" CHECK (("job_offers"."level" IS NULL OR char_length("job_offers"."level") <= 40)
        AND ("job_offers"."location" IS NULL OR char_length("job_offers"."location") <= 120)
        AND ("job_offers"."notes" IS NULL OR char_length("job_offers"."notes") <= 5000))
);
--> statement-breakpoint
CREATE TABLE "job_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"coaching_started_at" timestamp with time zone,
	"offer_at" timestamp with time zone NOT NULL,
	"days_to_offer" integer,
	"sessions_used" integer NOT NULL,
	"current_base" integer,
	"current_currency" text,
	"base_change" integer,
	"consent_at" timestamp with time zone,
	CONSTRAINT "job_outcomes_current_pay" CHECK (("job_outcomes"."current_base" IS NULL) = ("job_outcomes"."current_currency" IS NULL) AND ("job_outcomes"."current_currency" IS NULL OR "job_outcomes"."current_currency" IN ('CAD', 'USD')))
);
--> statement-breakpoint
ALTER TABLE "job_current_pay" ADD CONSTRAINT "job_current_pay_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_interviews" ADD CONSTRAINT "job_interviews_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offers" ADD CONSTRAINT "job_offers_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_outcomes" ADD CONSTRAINT "job_outcomes_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_outcomes" ADD CONSTRAINT "job_outcomes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_outcomes" ADD CONSTRAINT "job_outcomes_offer_id_job_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."job_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_interviews_application_idx" ON "job_interviews" USING btree ("application_id","starts_at");--> statement-breakpoint
CREATE INDEX "job_interviews_starts_idx" ON "job_interviews" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_offers_application_key" ON "job_offers" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "job_offers_deadline_idx" ON "job_offers" USING btree ("deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "job_outcomes_client_key" ON "job_outcomes" USING btree ("client_id");