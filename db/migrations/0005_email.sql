CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"recipient_id" uuid,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"summary" text NOT NULL,
	"link" text,
	"unsubscribe_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"digest_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_known" CHECK ("email_outbox"."status" IN ('pending', 'held', 'digested', 'sent', 'failed', 'unsent')),
	CONSTRAINT "email_outbox_address_shape" CHECK ("email_outbox"."to_address" ~ '^[^@[:space:]<>"]+@[^@[:space:]<>"]+$'),
	CONSTRAINT "email_outbox_sent_rule" CHECK (("email_outbox"."status" = 'sent') = ("email_outbox"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"deliveries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest_hour" smallint DEFAULT 8 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_hour" CHECK ("email_preferences"."digest_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_message_id_key" ON "email_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("send_after") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "email_outbox_held_idx" ON "email_outbox" USING btree ("recipient_id","send_after") WHERE "email_outbox"."status" = 'held';--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS LAST);