CREATE TABLE "search_miss_days" (
	"day" date NOT NULL,
	"keyword" text NOT NULL,
	"misses" integer NOT NULL,
	CONSTRAINT "search_miss_days_day_keyword_pk" PRIMARY KEY("day","keyword")
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_time_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_to_ship_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" in ('pending_shipment', 'partially_shipped');--> statement-breakpoint
CREATE INDEX "vin_searches_not_placed_idx" ON "vin_searches" USING btree ("created_at") WHERE "vin_searches"."vehicle_model_id" is null;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_schedule_check" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."starts_at" < "banners"."ends_at");