ALTER TABLE "trial_markers" ADD COLUMN "checkout_id" text;--> statement-breakpoint
CREATE INDEX "trial_markers_checkout_idx" ON "trial_markers" USING btree ("checkout_id");
