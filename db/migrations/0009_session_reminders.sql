ALTER TABLE "bookings" ADD COLUMN "attendee_time_zone" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "agenda_hour" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_booking_idx" ON "email_outbox" USING btree ("booking_id") WHERE "email_outbox"."booking_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_agenda_hour" CHECK ("email_preferences"."agenda_hour" BETWEEN 0 AND 23);