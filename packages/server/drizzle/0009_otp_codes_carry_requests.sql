-- Each mailed code now carries the registration it was mailed for (decision 093): the per-address column
-- that a later request could overwrite goes. Pending sign-ups (at most ten minutes' worth) must start again.
DELETE FROM "otp_challenges" WHERE "purpose" = 'register' AND "consumed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "otp_challenges" DROP COLUMN "pending";
