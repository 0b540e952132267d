ALTER TABLE "email_searches" ADD COLUMN "root_id" text;
--> statement-breakpoint
ALTER TABLE "email_searches" ADD COLUMN "depth" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_searches" ADD COLUMN "follow_depth" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "parent_email_search_id" text;
--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_parent_email_search_id_email_searches_id_fk" FOREIGN KEY ("parent_email_search_id") REFERENCES "public"."email_searches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "searches_parent_email_idx" ON "searches" USING btree ("parent_email_search_id");
--> statement-breakpoint
ALTER TABLE "search_email_leads" ADD COLUMN "email_search_id" text;
--> statement-breakpoint
ALTER TABLE "search_email_leads" ADD CONSTRAINT "search_email_leads_email_search_id_email_searches_id_fk" FOREIGN KEY ("email_search_id") REFERENCES "public"."email_searches"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "search_held_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"search_id" text,
	"email_search_id" text,
	"root_id" text NOT NULL,
	"username" text NOT NULL,
	"depth" integer NOT NULL,
	"reason" text NOT NULL,
	"held" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_held_leads" ADD CONSTRAINT "search_held_leads_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "search_held_leads" ADD CONSTRAINT "search_held_leads_email_search_id_email_searches_id_fk" FOREIGN KEY ("email_search_id") REFERENCES "public"."email_searches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "search_held_leads_root_idx" ON "search_held_leads" USING btree ("root_id");
