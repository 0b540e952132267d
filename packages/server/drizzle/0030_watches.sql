CREATE TABLE "watches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"purpose" text NOT NULL,
	"scope" text,
	"adult" boolean DEFAULT false NOT NULL,
	"cadence" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notify_mail" boolean DEFAULT true NOT NULL,
	"notify_webhook" boolean DEFAULT false NOT NULL,
	"baseline_at" timestamp with time zone,
	"next_run_at" timestamp with time zone NOT NULL,
	"confirm_due_at" timestamp with time zone,
	"open_run_id" text,
	"last_run_id" text,
	"last_manual_run_at" timestamp with time zone,
	"breaches" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "watches_user_target_uq" ON "watches" USING btree ("user_id","kind","target");
--> statement-breakpoint
CREATE INDEX "watches_due_idx" ON "watches" USING btree ("status","next_run_at");
--> statement-breakpoint
CREATE INDEX "watches_confirm_idx" ON "watches" USING btree ("confirm_due_at");
--> statement-breakpoint
CREATE TABLE "watch_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"watch_id" text NOT NULL,
	"kind" text NOT NULL,
	"search_id" text,
	"control_search_id" text,
	"sites" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"complete" boolean,
	"found" integer DEFAULT 0 NOT NULL,
	"not_found" integer DEFAULT 0 NOT NULL,
	"unknown" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_control_search_id_searches_id_fk" FOREIGN KEY ("control_search_id") REFERENCES "public"."searches"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "watch_runs_watch_idx" ON "watch_runs" USING btree ("watch_id","created_at");
--> statement-breakpoint
CREATE INDEX "watch_runs_open_idx" ON "watch_runs" USING btree ("finished_at");
--> statement-breakpoint
CREATE TABLE "watch_site_state" (
	"watch_id" text NOT NULL,
	"site" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_decided_at" timestamp with time zone,
	"pending" text,
	"pending_since" timestamp with time zone,
	"pending_runs" integer DEFAULT 0 NOT NULL,
	"undecided_runs" integer DEFAULT 0 NOT NULL,
	"unwatchable" boolean DEFAULT false NOT NULL,
	"last_reason" text,
	"url" text,
	CONSTRAINT "watch_site_state_watch_id_site_pk" PRIMARY KEY("watch_id","site")
);
--> statement-breakpoint
ALTER TABLE "watch_site_state" ADD CONSTRAINT "watch_site_state_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" text PRIMARY KEY NOT NULL,
	"watch_id" text NOT NULL,
	"run_id" text,
	"type" text NOT NULL,
	"site" text,
	"site_name" text,
	"detail" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"immediate" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "watch_events_watch_idx" ON "watch_events" USING btree ("watch_id","created_at");
--> statement-breakpoint
CREATE INDEX "watch_events_digest_idx" ON "watch_events" USING btree ("notified_at");
--> statement-breakpoint
CREATE TABLE "watch_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"digest_hour" integer DEFAULT 8 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"last_digest_on" text
);
--> statement-breakpoint
ALTER TABLE "watch_settings" ADD CONSTRAINT "watch_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "watch_id" text;
--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "searches_watch_idx" ON "searches" USING btree ("watch_id");
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" text;
