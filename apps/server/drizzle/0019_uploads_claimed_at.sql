ALTER TABLE "uploads" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."claimed_at" is null;--> statement-breakpoint
-- Feedback files and return pictures are referenced by the request that stored them.
UPDATE "uploads" SET "claimed_at" = "created_at" WHERE "kind" IN ('feedback', 'return-picture');
