CREATE TABLE "stripe_customer_updates" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stripe_customer_updates_due_idx" ON "stripe_customer_updates" USING btree ("next_attempt_at");
