CREATE TABLE "email_plus_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"customer_id" text NOT NULL,
	"target_email" text NOT NULL,
	"delivery_email" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_plus_subscriptions" ADD CONSTRAINT "email_plus_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "email_plus_subscriptions_user_idx" ON "email_plus_subscriptions" USING btree ("user_id","created_at");
--> statement-breakpoint
ALTER TABLE "email_plus_orders" ADD COLUMN "subscription_id" text;
--> statement-breakpoint
ALTER TABLE "email_plus_orders" ADD COLUMN "invoice_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "email_plus_orders_invoice_uq" ON "email_plus_orders" USING btree ("invoice_id");
--> statement-breakpoint
CREATE TABLE "billing_notices" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
