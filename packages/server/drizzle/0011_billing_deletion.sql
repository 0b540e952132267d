CREATE TABLE "stripe_cancellations" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"trial_marker" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "stripe_cancellations_due_idx" ON "stripe_cancellations" USING btree ("done_at","next_attempt_at");--> statement-breakpoint
CREATE TABLE "trial_markers" (
	"marker" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"grant_key" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"taken" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "sync_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "checkouts" SET "status" = 'expired' WHERE "status" = 'open' AND "kind" IN ('monthly', 'trial') AND "id" NOT IN (SELECT DISTINCT ON ("user_id") "id" FROM "checkouts" WHERE "status" = 'open' AND "kind" IN ('monthly', 'trial') ORDER BY "user_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_open_subscription_uq" ON "checkouts" USING btree ("user_id") WHERE "status" = 'open' AND "kind" IN ('monthly', 'trial');--> statement-breakpoint
ALTER TABLE "email_plus_orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_plus_orders" DROP CONSTRAINT "email_plus_orders_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "email_plus_orders" ADD CONSTRAINT "email_plus_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
