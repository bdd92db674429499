CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_days_check" CHECK ("activities"."starts_on" <= "activities"."ends_on"),
	CONSTRAINT "activities_status_check" CHECK ("activities"."status" in ('active', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "activity_products" (
	"activity_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_products_activity_id_product_id_pk" PRIMARY KEY("activity_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"uses" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"issued_by" integer,
	"claimed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_grants_uses_check" CHECK ("voucher_grants"."used" >= 0 and "voucher_grants"."used" <= "voucher_grants"."uses")
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"grant_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "voucher_redemptions_amount_check" CHECK ("voucher_redemptions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_scope_items" (
	"voucher_id" integer NOT NULL,
	"product_id" integer,
	"category_id" integer,
	CONSTRAINT "voucher_scope_items_one_check" CHECK (("voucher_scope_items"."product_id" is null) <> ("voucher_scope_items"."category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"threshold" numeric(12, 2) DEFAULT '0' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"kind" text DEFAULT 'issued' NOT NULL,
	"per_company_uses" integer DEFAULT 1 NOT NULL,
	"total_uses" integer,
	"granted_uses" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"activity_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_value_check" CHECK ("vouchers"."value" > 0 and "vouchers"."threshold" >= 0),
	CONSTRAINT "vouchers_days_check" CHECK ("vouchers"."valid_from" <= "vouchers"."valid_to"),
	CONSTRAINT "vouchers_scope_check" CHECK ("vouchers"."scope" in ('all', 'parts', 'categories')),
	CONSTRAINT "vouchers_kind_check" CHECK ("vouchers"."kind" in ('issued', 'campaign')),
	CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('active', 'stopped')),
	CONSTRAINT "vouchers_counts_check" CHECK ("vouchers"."per_company_uses" > 0 and "vouchers"."granted_uses" >= 0 and "vouchers"."used_count" >= 0
        and ("vouchers"."total_uses" is null or ("vouchers"."granted_uses" <= "vouchers"."total_uses" and "vouchers"."used_count" <= "vouchers"."total_uses")))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_products" ADD CONSTRAINT "activity_products_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_products" ADD CONSTRAINT "activity_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_grants" ADD CONSTRAINT "voucher_grants_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_grants" ADD CONSTRAINT "voucher_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_grants" ADD CONSTRAINT "voucher_grants_issued_by_staff_members_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_grants" ADD CONSTRAINT "voucher_grants_claimed_by_accounts_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_grant_id_voucher_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."voucher_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_scope_items" ADD CONSTRAINT "voucher_scope_items_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_scope_items" ADD CONSTRAINT "voucher_scope_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_scope_items" ADD CONSTRAINT "voucher_scope_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_running_idx" ON "activities" USING btree ("status","ends_on");--> statement-breakpoint
CREATE INDEX "activity_products_product_idx" ON "activity_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_grants_voucher_company_key" ON "voucher_grants" USING btree ("voucher_id","company_id");--> statement-breakpoint
CREATE INDEX "voucher_grants_company_idx" ON "voucher_grants" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_order_key" ON "voucher_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_grant_idx" ON "voucher_redemptions" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_idx" ON "voucher_redemptions" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_scope_items_product_key" ON "voucher_scope_items" USING btree ("voucher_id","product_id") WHERE "voucher_scope_items"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_scope_items_category_key" ON "voucher_scope_items" USING btree ("voucher_id","category_id") WHERE "voucher_scope_items"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "vouchers_activity_idx" ON "vouchers" USING btree ("activity_id");--> statement-breakpoint
-- Hand-written: an order's voucher deduction is never negative and never above its lines' sum.
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_amount_check" CHECK ("voucher_amount" >= 0 and "voucher_amount" <= "total_amount");
