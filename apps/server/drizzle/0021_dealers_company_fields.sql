ALTER TABLE "companies" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "is_regional_warehouse" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- ---- hand-written (not generated): the regional flag moves from the accounts to their company ----
-- A company is regional when any of its accounts was (sub-accounts always copied the main's).
UPDATE "companies" c SET "is_regional_warehouse" = 1
WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE a."company_id" = c."id" AND a."is_regional_warehouse" = 1);
--> statement-breakpoint
-- ---- end of the hand-written part ----
ALTER TABLE "accounts" DROP COLUMN "is_regional_warehouse";