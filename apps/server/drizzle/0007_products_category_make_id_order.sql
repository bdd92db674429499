DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_make_idx";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "products_make_idx" ON "products" USING btree ("make_id","id");