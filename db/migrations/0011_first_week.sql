CREATE TABLE "agreement_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"body_sha256" text NOT NULL,
	"full_name" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_acceptances_name_present" CHECK ("agreement_acceptances"."full_name" ~ '[^[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'),
	CONSTRAINT "agreement_acceptances_name_length" CHECK (length("agreement_acceptances"."full_name") <= 200)
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"version" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agreement_versions_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"body" text NOT NULL,
	"body_sha256" text NOT NULL,
	"requires_acceptance" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_versions_body_present" CHECK ("agreement_versions"."body" ~ '[^[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'),
	CONSTRAINT "agreement_versions_body_length" CHECK (length("agreement_versions"."body") <= 50000),
	CONSTRAINT "agreement_versions_sha256_shape" CHECK ("agreement_versions"."body_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "intake_questionnaires" (
	"version" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intake_questionnaires_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"questions" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"questionnaire_version" integer,
	"questions" jsonb,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_responses_submitted_rule" CHECK (("intake_responses"."submitted_at" IS NULL) = ("intake_responses"."questions" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "onboarding_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"intake_before_booking" boolean DEFAULT true NOT NULL,
	"agreement_before_booking" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_settings_one_row" CHECK ("onboarding_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_version_agreement_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."agreement_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_versions" ADD CONSTRAINT "agreement_versions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_questionnaires" ADD CONSTRAINT "intake_questionnaires_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_responses" ADD CONSTRAINT "intake_responses_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_responses" ADD CONSTRAINT "intake_responses_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_responses" ADD CONSTRAINT "intake_responses_questionnaire_version_intake_questionnaires_version_fk" FOREIGN KEY ("questionnaire_version") REFERENCES "public"."intake_questionnaires"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_settings" ADD CONSTRAINT "onboarding_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_acceptances_profile_version_key" ON "agreement_acceptances" USING btree ("profile_id","version");--> statement-breakpoint
CREATE INDEX "agreement_acceptances_version_idx" ON "agreement_acceptances" USING btree ("version","accepted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "intake_responses_open_key" ON "intake_responses" USING btree ("profile_id") WHERE "intake_responses"."submitted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "intake_responses_profile_idx" ON "intake_responses" USING btree ("profile_id","requested_at" DESC NULLS LAST);