ALTER TABLE "waitlist" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "notified_at" timestamp with time zone;
