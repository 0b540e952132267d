CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text NOT NULL,
	"secret_hash" text NOT NULL,
	"last4" text NOT NULL,
	"previous_secret_hash" text,
	"previous_valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rolled_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "api_key_usage" (
	"key_id" text NOT NULL,
	"day" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"email_searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_key_usage_key_id_day_pk" PRIMARY KEY("key_id","day")
);
--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "api_key_id" text;
--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD COLUMN "api_key_id" text;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "api_key_id" text;
--> statement-breakpoint
ALTER TABLE "email_searches" ADD COLUMN "api_key_id" text;
--> statement-breakpoint
CREATE INDEX "credit_ledger_api_key_idx" ON "credit_ledger" USING btree ("api_key_id","created_at") WHERE "api_key_id" IS NOT NULL;
