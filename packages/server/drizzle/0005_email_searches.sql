CREATE TABLE "email_search_results" (
	"search_id" text NOT NULL,
	"seq" integer NOT NULL,
	"check_id" text NOT NULL,
	"result" text NOT NULL,
	CONSTRAINT "email_search_results_search_id_seq_pk" PRIMARY KEY("search_id","seq")
);
--> statement-breakpoint
CREATE TABLE "email_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"reservation_id" text,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_search_results" ADD CONSTRAINT "email_search_results_search_id_email_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."email_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_searches" ADD CONSTRAINT "email_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_searches_user_created_idx" ON "email_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_searches_status_updated_idx" ON "email_searches" USING btree ("status","updated_at");