CREATE TABLE "code_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"lookup" text NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"percent" smallint,
	"offers" text[],
	"max_uses" integer,
	"expires_at" timestamp with time zone,
	"note" text,
	"reward" text,
	"voided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_known" CHECK ("discount_codes"."kind" IN ('referral', 'sponsor', 'reward')),
	CONSTRAINT "discount_codes_code_shape" CHECK ("discount_codes"."code" ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' AND length("discount_codes"."code") <= 40),
	CONSTRAINT "discount_codes_lookup_shape" CHECK ("discount_codes"."lookup" ~ '^[A-Z0-9]{4,32}$'),
	CONSTRAINT "discount_codes_percent_range" CHECK ("discount_codes"."percent" IS NULL OR "discount_codes"."percent" BETWEEN 1 AND 99),
	CONSTRAINT "discount_codes_max_uses_positive" CHECK ("discount_codes"."max_uses" IS NULL OR "discount_codes"."max_uses" > 0),
	CONSTRAINT "discount_codes_kind_rule" CHECK (CASE "discount_codes"."kind"
        WHEN 'referral' THEN "discount_codes"."owner_id" IS NOT NULL AND "discount_codes"."percent" IS NULL AND "discount_codes"."reward" IN ('cash', 'discount')
        WHEN 'reward' THEN "discount_codes"."owner_id" IS NOT NULL AND "discount_codes"."percent" IS NOT NULL AND "discount_codes"."max_uses" = 1 AND "discount_codes"."reward" IS NULL
        ELSE "discount_codes"."owner_id" IS NULL AND "discount_codes"."percent" IS NOT NULL AND "discount_codes"."reward" IS NULL END)
);
--> statement-breakpoint
CREATE TABLE "referral_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"reward" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reward_code_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_credits_reward_known" CHECK ("referral_credits"."reward" IN ('cash', 'discount')),
	CONSTRAINT "referral_credits_currency_known" CHECK ("referral_credits"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "referral_credits_amount_nonzero" CHECK ("referral_credits"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"note" text,
	"paid_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_payouts_currency_known" CHECK ("referral_payouts"."currency" IN ('CAD', 'USD')),
	CONSTRAINT "referral_payouts_amount_positive" CHECK ("referral_payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_percent" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_unit_amount" integer;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_redemptions" ADD CONSTRAINT "code_redemptions_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_referrer_id_profiles_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_reward_code_id_discount_codes_id_fk" FOREIGN KEY ("reward_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_referrer_id_profiles_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_redemptions_order_key" ON "code_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_redemptions_code_buyer_key" ON "code_redemptions" USING btree ("code_id","buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_lookup_key" ON "discount_codes" USING btree ("lookup");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_referral_owner_key" ON "discount_codes" USING btree ("owner_id") WHERE "discount_codes"."kind" = 'referral';--> statement-breakpoint
CREATE INDEX "discount_codes_kind_created_idx" ON "discount_codes" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "referral_credits_payment_key" ON "referral_credits" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "referral_credits_referrer_idx" ON "referral_credits" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_credits_order_idx" ON "referral_credits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_payouts_referrer_idx" ON "referral_payouts" USING btree ("referrer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_rule" CHECK (("orders"."discount_percent" IS NULL) = ("orders"."list_unit_amount" IS NULL) AND ("orders"."discount_percent" IS NULL) = ("orders"."discount_code" IS NULL) AND ("orders"."discount_percent" IS NULL OR ("orders"."discount_percent" BETWEEN 1 AND 99 AND "orders"."list_unit_amount" > "orders"."unit_amount")));