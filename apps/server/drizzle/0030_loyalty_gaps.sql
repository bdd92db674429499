ALTER TABLE "gift_orders" DROP CONSTRAINT "gift_orders_status_check";--> statement-breakpoint
ALTER TABLE "gift_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD CONSTRAINT "gift_orders_status_check" CHECK ("gift_orders"."status" in ('pending_shipment', 'shipped', 'received', 'cancelled'));