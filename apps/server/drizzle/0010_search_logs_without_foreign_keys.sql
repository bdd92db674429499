-- The search log's ids are not foreign keys: the checks were 70% of its batched inserts
-- (schema/customer-activity.ts).
ALTER TABLE "search_logs" DROP CONSTRAINT "search_logs_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "search_logs" DROP CONSTRAINT "search_logs_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "search_logs" DROP CONSTRAINT "search_logs_product_id_products_id_fk";
