CREATE TABLE "favicons" (
	"host" text PRIMARY KEY NOT NULL,
	"content_type" text,
	"body" text,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_results" (
	"search_id" text NOT NULL,
	"seq" integer NOT NULL,
	"site_id" text NOT NULL,
	"platform" text NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "search_results_search_id_seq_pk" PRIMARY KEY("search_id","seq"),
	CONSTRAINT "search_results_site_uq" UNIQUE("search_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"device_id" text,
	"status" text NOT NULL,
	"error" text,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_results" ADD CONSTRAINT "search_results_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "searches_created_at_idx" ON "searches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "searches_status_updated_idx" ON "searches" USING btree ("status","updated_at");