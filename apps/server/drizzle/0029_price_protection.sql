CREATE TABLE "price_protection_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"price_history_id" bigint NOT NULL,
	"order_item_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_paid" numeric(12, 2) NOT NULL,
	"unit_new" numeric(12, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"returned_before" integer NOT NULL,
	"reversed_quantity" integer DEFAULT 0 NOT NULL,
	"explanation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_protection_claims_amount_check" CHECK ("price_protection_claims"."amount" > 0 and "price_protection_claims"."quantity" > 0),
	CONSTRAINT "price_protection_claims_reversed_check" CHECK ("price_protection_claims"."reversed_quantity" >= 0 and "price_protection_claims"."reversed_quantity" <= "price_protection_claims"."quantity")
);
--> statement-breakpoint
CREATE TABLE "price_protection_reversals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" bigint NOT NULL,
	"return_order_item_id" integer,
	"company_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_protection_reversals_amount_check" CHECK ("price_protection_reversals"."amount" > 0 and "price_protection_reversals"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_protection_runs" (
	"price_history_id" bigint PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"companies" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_protection_claims" ADD CONSTRAINT "price_protection_claims_price_history_id_price_history_id_fk" FOREIGN KEY ("price_history_id") REFERENCES "public"."price_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_claims" ADD CONSTRAINT "price_protection_claims_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_claims" ADD CONSTRAINT "price_protection_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_claims" ADD CONSTRAINT "price_protection_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_claims" ADD CONSTRAINT "price_protection_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_reversals" ADD CONSTRAINT "price_protection_reversals_claim_id_price_protection_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."price_protection_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_reversals" ADD CONSTRAINT "price_protection_reversals_return_order_item_id_return_order_items_id_fk" FOREIGN KEY ("return_order_item_id") REFERENCES "public"."return_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_reversals" ADD CONSTRAINT "price_protection_reversals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_runs" ADD CONSTRAINT "price_protection_runs_price_history_id_price_history_id_fk" FOREIGN KEY ("price_history_id") REFERENCES "public"."price_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_protection_runs" ADD CONSTRAINT "price_protection_runs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_protection_claims_key" ON "price_protection_claims" USING btree ("price_history_id","order_item_id");--> statement-breakpoint
CREATE INDEX "price_protection_claims_company_idx" ON "price_protection_claims" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "price_protection_claims_item_idx" ON "price_protection_claims" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_protection_reversals_key" ON "price_protection_reversals" USING btree ("claim_id","return_order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_protection_reversals_cancel_key" ON "price_protection_reversals" USING btree ("claim_id") WHERE "price_protection_reversals"."return_order_item_id" is null;