CREATE TYPE "public"."product_number_kind" AS ENUM('oe', 'replacement', 'old', 'search');--> statement-breakpoint
CREATE TYPE "public"."banner_file_type" AS ENUM('image', 'video');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"username" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_main" smallint DEFAULT 0 NOT NULL,
	"is_purchase" smallint DEFAULT 0 NOT NULL,
	"is_regional_warehouse" smallint DEFAULT 0 NOT NULL,
	"activity_flag" smallint DEFAULT 0 NOT NULL,
	"activity_flag_image" text DEFAULT '' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"brand_groupings" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"l_name_zh" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_level_check" CHECK ("categories"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_fitments" (
	"product_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "product_fitments_product_id_model_id_pk" PRIMARY KEY("product_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "product_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" "product_number_kind" NOT NULL,
	"factory" text NOT NULL,
	"number" text NOT NULL,
	"number_norm" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"price_key" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "product_prices_product_id_price_key_pk" PRIMARY KEY("product_id","price_key")
);
--> statement-breakpoint
CREATE TABLE "product_stocks" (
	"product_id" integer NOT NULL,
	"warehouse_id" smallint NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"in_transit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stocks_product_id_warehouse_id_pk" PRIMARY KEY("product_id","warehouse_id"),
	CONSTRAINT "product_stocks_available_check" CHECK ("product_stocks"."available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"frey_no" text NOT NULL,
	"frey_no_norm" text NOT NULL,
	"oe_number" text NOT NULL,
	"oe_number_norm" text NOT NULL,
	"l_name_zh" text NOT NULL,
	"product_name" text NOT NULL,
	"make_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"l_model_zh" text DEFAULT '' NOT NULL,
	"engines" text DEFAULT '' NOT NULL,
	"outbox_fcl_quantity" integer DEFAULT 0 NOT NULL,
	"scm_classification" text DEFAULT 'C' NOT NULL,
	"consumable_days" integer DEFAULT 0 NOT NULL,
	"is_coming_soon" smallint DEFAULT 0 NOT NULL,
	"is_delisting" smallint DEFAULT 0 NOT NULL,
	"is_orderable" smallint DEFAULT 1 NOT NULL,
	"new_arrival_at" timestamp with time zone,
	"hot_recommend_rank" integer,
	"pic" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_scm_classification_check" CHECK ("products"."scm_classification" in ('A','XA','B','XB','C','XC','D','XD'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"chassis_code" text DEFAULT '' NOT NULL,
	"engine_code" text NOT NULL,
	"transmission" text NOT NULL,
	"displacement" text NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint,
	"vehicle_type" text NOT NULL,
	"pic" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"name_zh" text NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"picture" text NOT NULL,
	"file_type" "banner_file_type" DEFAULT 'image' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"text" text NOT NULL,
	"file_path" text DEFAULT '' NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"file_mime" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fitments" ADD CONSTRAINT "product_fitments_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_numbers" ADD CONSTRAINT "product_numbers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_models" ADD CONSTRAINT "vehicle_models_series_id_vehicle_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."vehicle_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_series" ADD CONSTRAINT "vehicle_series_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_key" ON "accounts" USING btree (lower("username")) WHERE "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_phone_key" ON "accounts" USING btree ("phone") WHERE "accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "accounts_company_idx" ON "accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "makes_name_zh_key" ON "makes" USING btree ("name_zh");--> statement-breakpoint
CREATE INDEX "product_fitments_model_idx" ON "product_fitments" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "product_numbers_norm_idx" ON "product_numbers" USING btree ("number_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_numbers_product_idx" ON "product_numbers" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_frey_no_norm_key" ON "products" USING btree ("frey_no_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_make_idx" ON "products" USING btree ("make_id");--> statement-breakpoint
CREATE INDEX "products_new_arrival_idx" ON "products" USING btree ("new_arrival_at" DESC NULLS LAST,"id") WHERE "products"."new_arrival_at" is not null;--> statement-breakpoint
CREATE INDEX "products_hot_recommend_idx" ON "products" USING btree ("hot_recommend_rank") WHERE "products"."hot_recommend_rank" is not null;--> statement-breakpoint
CREATE INDEX "vehicle_models_series_idx" ON "vehicle_models" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "vehicle_models_engine_idx" ON "vehicle_models" USING btree ("engine_code");--> statement-breakpoint
CREATE INDEX "vehicle_series_make_idx" ON "vehicle_series" USING btree ("make_id");--> statement-breakpoint
CREATE INDEX "banners_sort_idx" ON "banners" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "hot_keywords_sort_idx" ON "hot_keywords" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "feedback_account_idx" ON "feedback" USING btree ("company_id","account_id","created_at");