ALTER TABLE "bookings" ADD COLUMN "late_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirm_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_claimed_by_profiles_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_claimed_unmatched" CHECK ("bookings"."claimed_by" IS NULL OR "bookings"."client_id" IS NULL);