ALTER TABLE "email_plus_orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "email_plus_orders" ADD COLUMN "status_before_dispute" text;--> statement-breakpoint
CREATE TABLE "email_plus_duplicates" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"invoice_id" text,
	"payment_intent_id" text,
	"refund_id" text,
	"done_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_plus_duplicates_order_idx" ON "email_plus_duplicates" USING btree ("order_id");
