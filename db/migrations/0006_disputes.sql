ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_known" CHECK ("payments"."kind" IN ('charge', 'refund', 'failed', 'chargeback'));