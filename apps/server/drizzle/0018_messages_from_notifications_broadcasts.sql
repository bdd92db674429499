-- The order messages of account_notifications move into the message centre (messages): category
-- 1 order / 2 return, the order or return number, popups as the subscriber makes them
-- (modules/messages/subscribers.ts); then the old table goes.
INSERT INTO "messages" ("company_id", "account_id", "category_id", "tip_name", "tip_description", "tip_word", "link",
  "number", "order_id", "is_eject", "pop_type", "event_id", "created_at")
SELECT n.company_id, n.account_id,
  CASE WHEN n.kind LIKE 'return\_%' THEN 2 ELSE 1 END,
  n.title, n.body, n.body, n.link,
  coalesce(CASE WHEN n.kind LIKE 'return\_%' THEN r.return_no END, o.orders_no, ''),
  n.order_id,
  CASE WHEN n.kind IN ('order_placed', 'order_shipped', 'return_accepted', 'return_refused') THEN 1 ELSE 0 END,
  CASE WHEN n.kind = 'order_placed' THEN 2 ELSE 1 END,
  n.event_id, n.created_at
FROM "account_notifications" n
LEFT JOIN "orders" o ON o.id = n.order_id
LEFT JOIN "return_orders" r ON n.kind LIKE 'return\_%'
  AND r.id = nullif(substring(n.link FROM 'id=([0-9]{1,9})'), '')::int
ORDER BY n.id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "account_notifications" CASCADE;--> statement-breakpoint
CREATE TABLE "message_broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"tip_name" text NOT NULL,
	"tip_description" text NOT NULL,
	"tip_word" text NOT NULL,
	"is_eject" smallint NOT NULL,
	"pop_type" smallint NOT NULL,
	"audience" jsonb NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_broadcasts" ADD CONSTRAINT "message_broadcasts_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_broadcasts_request_key" ON "message_broadcasts" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "message_broadcasts_created_idx" ON "message_broadcasts" USING btree ("created_at");;--> statement-breakpoint
-- Restock arrived (decision 0034): whenever a part's available stock in a warehouse goes from none
-- to some, in whatever way (orders cancelled, returns completed, staff, imports, the demo tools),
-- and someone has an open arrival reminder for the part, a `stock.arrived` event goes into the
-- outbox in the same transaction; the message centre's subscriber writes the messages and closes
-- the reminders. Statement triggers, as the row copies of migration 0012.
CREATE FUNCTION product_stocks_publish_arrivals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO domain_events (type, payload)
    SELECT 'stock.arrived', jsonb_build_object('type', 'stock.arrived', 'productId', n.product_id,
      'warehouseId', n.warehouse_id, 'available', n.available)
    FROM arrived n JOIN arrived_before o ON o.product_id = n.product_id AND o.warehouse_id = n.warehouse_id
    WHERE o.available <= 0 AND n.available > 0
      AND EXISTS (SELECT 1 FROM restock_requests r WHERE r.product_id = n.product_id AND r.notified_at IS NULL);
  ELSE
    INSERT INTO domain_events (type, payload)
    SELECT 'stock.arrived', jsonb_build_object('type', 'stock.arrived', 'productId', n.product_id,
      'warehouseId', n.warehouse_id, 'available', n.available)
    FROM arrived n
    WHERE n.available > 0
      AND EXISTS (SELECT 1 FROM restock_requests r WHERE r.product_id = n.product_id AND r.notified_at IS NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stocks_arrived_on_insert AFTER INSERT ON product_stocks REFERENCING NEW TABLE AS arrived
  FOR EACH STATEMENT EXECUTE FUNCTION product_stocks_publish_arrivals();
--> statement-breakpoint
CREATE TRIGGER product_stocks_arrived_on_update AFTER UPDATE ON product_stocks
  REFERENCING OLD TABLE AS arrived_before NEW TABLE AS arrived
  FOR EACH STATEMENT EXECUTE FUNCTION product_stocks_publish_arrivals();
