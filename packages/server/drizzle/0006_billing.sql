CREATE TABLE "billing_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"subscription_status" text,
	"stripe_plan" text DEFAULT 'free' NOT NULL,
	"period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"trial_used" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_plus_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"target_email" text NOT NULL,
	"delivery_email" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'lead' NOT NULL,
	"checkout_id" text,
	"payment_intent_id" text,
	"amount" integer,
	"currency" text,
	"paid_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"search_id" text,
	"report" text,
	"delivered_at" timestamp with time zone,
	"refused_reason" text,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_plus_orders" ADD CONSTRAINT "email_plus_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_customer_uq" ON "billing_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_plus_orders_user_idx" ON "email_plus_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_plus_orders_status_idx" ON "email_plus_orders" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_plus_orders_checkout_uq" ON "email_plus_orders" USING btree ("checkout_id");