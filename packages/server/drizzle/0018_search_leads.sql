ALTER TABLE "searches" ADD COLUMN "parent_id" text;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "root_id" text;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "depth" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "reason" text;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "follow_depth" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "facts_mode" text;
--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_parent_id_searches_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "searches_root_idx" ON "searches" USING btree ("root_id");
--> statement-breakpoint
CREATE INDEX "searches_parent_idx" ON "searches" USING btree ("parent_id");
--> statement-breakpoint
CREATE TABLE "search_email_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"search_id" text NOT NULL,
	"root_id" text NOT NULL,
	"email" text NOT NULL,
	"depth" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_email_leads" ADD CONSTRAINT "search_email_leads_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "search_email_leads_root_idx" ON "search_email_leads" USING btree ("root_id");
--> statement-breakpoint
CREATE INDEX "search_email_leads_search_idx" ON "search_email_leads" USING btree ("search_id");
