CREATE SEQUENCE "public"."gift_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "frey_coin_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"change" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"cause" text NOT NULL,
	"ref" text,
	"note" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "frey_coin_ledger_change_check" CHECK ("frey_coin_ledger"."change" <> 0),
	CONSTRAINT "frey_coin_ledger_balance_check" CHECK ("frey_coin_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"points_price" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"gift_no" text NOT NULL,
	"status" text DEFAULT 'pending_shipment' NOT NULL,
	"points_total" integer NOT NULL,
	"address" jsonb,
	"remark" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "gift_orders_status_check" CHECK ("gift_orders"."status" in ('pending_shipment', 'shipped', 'received')),
	CONSTRAINT "gift_orders_points_check" CHECK ("gift_orders"."points_total" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"frey_coin" integer DEFAULT 0 NOT NULL,
	"consumed_points" integer DEFAULT 0 NOT NULL,
	"consumed_frey_coin" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_points_check" CHECK ("points_accounts"."points" >= 0),
	CONSTRAINT "points_accounts_coin_check" CHECK ("points_accounts"."frey_coin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_cart_items_quantity_check" CHECK ("points_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer,
	"change" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"cause" text NOT NULL,
	"ref" text,
	"note" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"gift_order_id" integer,
	"expires_at" timestamp with time zone,
	"remaining" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_change_check" CHECK ("points_ledger"."change" <> 0),
	CONSTRAINT "points_ledger_balance_check" CHECK ("points_ledger"."balance_after" >= 0),
	CONSTRAINT "points_ledger_remaining_check" CHECK ("points_ledger"."remaining" >= 0 and "points_ledger"."remaining" <= greatest("points_ledger"."change", 0))
);
--> statement-breakpoint
CREATE TABLE "points_mall_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"points_price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"on_shelf" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_mall_items_price_check" CHECK ("points_mall_items"."points_price" > 0),
	CONSTRAINT "points_mall_items_stock_check" CHECK ("points_mall_items"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frey_coin_ledger" ADD CONSTRAINT "frey_coin_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frey_coin_ledger" ADD CONSTRAINT "frey_coin_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_order_items" ADD CONSTRAINT "gift_order_items_gift_order_id_gift_orders_id_fk" FOREIGN KEY ("gift_order_id") REFERENCES "public"."gift_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_order_items" ADD CONSTRAINT "gift_order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_order_items" ADD CONSTRAINT "gift_order_items_item_id_points_mall_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."points_mall_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD CONSTRAINT "gift_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD CONSTRAINT "gift_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD CONSTRAINT "gift_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_cart_items" ADD CONSTRAINT "points_cart_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_cart_items" ADD CONSTRAINT "points_cart_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_cart_items" ADD CONSTRAINT "points_cart_items_item_id_points_mall_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."points_mall_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_sign_ins" ADD CONSTRAINT "points_sign_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_sign_ins" ADD CONSTRAINT "points_sign_ins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "frey_coin_ledger_ref_key" ON "frey_coin_ledger" USING btree ("company_id","cause","ref");--> statement-breakpoint
CREATE INDEX "frey_coin_ledger_company_time_idx" ON "frey_coin_ledger" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "frey_coin_ledger_order_idx" ON "frey_coin_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_order_items_gift_idx" ON "gift_order_items" USING btree ("gift_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_orders_no_key" ON "gift_orders" USING btree ("gift_no");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_orders_request_key" ON "gift_orders" USING btree ("company_id","request_key");--> statement-breakpoint
CREATE INDEX "gift_orders_company_time_idx" ON "gift_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_orders_status_idx" ON "gift_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_cart_items_line_key" ON "points_cart_items" USING btree ("company_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_ref_key" ON "points_ledger" USING btree ("company_id","cause","ref");--> statement-breakpoint
CREATE INDEX "points_ledger_company_time_idx" ON "points_ledger" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "points_ledger_lots_idx" ON "points_ledger" USING btree ("company_id","expires_at","id") WHERE "points_ledger"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_ledger_due_idx" ON "points_ledger" USING btree ("expires_at") WHERE "points_ledger"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_mall_items_shelf_idx" ON "points_mall_items" USING btree ("on_shelf","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_sign_ins_day_key" ON "points_sign_ins" USING btree ("account_id","day");