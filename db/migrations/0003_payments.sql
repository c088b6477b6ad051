CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid,
	"offer" text NOT NULL,
	"currency" text NOT NULL,
	"option" text NOT NULL,
	"mode" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"instalments" smallint,
	"paid_instalments" smallint DEFAULT 0 NOT NULL,
	"plan" "plan",
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text,
	"customer_id" text,
	"subscription_id" text,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_offer_known" CHECK ("orders"."offer" IN ('single', 'monthly', 'basic', 'pro', 'premium')),
	CONSTRAINT "orders_currency_known" CHECK ("orders"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "orders_option_known" CHECK ("orders"."option" IN ('upfront', 'financing')),
	CONSTRAINT "orders_mode_known" CHECK ("orders"."mode" IN ('payment', 'subscription')),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" IN ('pending', 'paid', 'active', 'past_due', 'completed', 'canceled', 'refunded', 'expired')),
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."unit_amount" > 0),
	CONSTRAINT "orders_instalments_rule" CHECK (("orders"."option" = 'financing') = ("orders"."instalments" IS NOT NULL) AND "orders"."paid_instalments" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"payment_intent" text,
	"receipt_url" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_known" CHECK ("payments"."kind" IN ('charge', 'refund', 'failed')),
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_person_id_profiles_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_session_key" ON "orders" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_subscription_key" ON "orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "orders_person_created_idx" ON "orders" USING btree ("person_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_kind_reference_key" ON "payments" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "payments_order_occurred_idx" ON "payments" USING btree ("order_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_payment_intent_idx" ON "payments" USING btree ("payment_intent");