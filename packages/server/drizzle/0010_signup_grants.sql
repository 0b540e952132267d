CREATE TABLE "signup_grants" (
	"mailbox_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
