CREATE TYPE "public"."booking_status" AS ENUM('booked', 'cancelled');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"current_uid" text NOT NULL,
	"client_id" uuid,
	"kind" "service_kind" NOT NULL,
	"event_type" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"attendee_email" text NOT NULL,
	"attendee_name" text,
	"join_url" text,
	"status" "booking_status" DEFAULT 'booked' NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"over_plan" boolean DEFAULT false NOT NULL,
	"late_cancel" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_kind_counted" CHECK ("bookings"."kind" IN ('session_30m', 'mock_interview')),
	CONSTRAINT "bookings_counted_has_client" CHECK (NOT "bookings"."counted" OR "bookings"."client_id" IS NOT NULL),
	CONSTRAINT "bookings_counted_not_over" CHECK (NOT ("bookings"."counted" AND "bookings"."over_plan")),
	CONSTRAINT "bookings_times_order" CHECK ("bookings"."ends_at" >= "bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "cal_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"uid" text NOT NULL,
	"booking_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_profiles_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cal_deliveries" ADD CONSTRAINT "cal_deliveries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_uid_key" ON "bookings" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "bookings_current_uid_idx" ON "bookings" USING btree ("current_uid");--> statement-breakpoint
CREATE INDEX "bookings_client_starts_idx" ON "bookings" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cal_deliveries_trigger_uid_key" ON "cal_deliveries" USING btree ("trigger","uid");