CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"staff_id" integer NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" integer,
	"rolled_back_at" timestamp with time zone,
	"rolled_back_by" integer
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"state" text NOT NULL,
	"number" text NOT NULL,
	"number_norm" text NOT NULL,
	"product_id" integer,
	"warehouse_id" smallint DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"conflicts" jsonb,
	CONSTRAINT "import_rows_batch_id_row_no_pk" PRIMARY KEY("batch_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price_key" text NOT NULL,
	"old_amount" numeric(12, 2),
	"new_amount" numeric(12, 2),
	"staff_id" integer NOT NULL,
	"source" text NOT NULL,
	"batch_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_kind_idx" ON "import_batches" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "import_rows_state_idx" ON "import_rows" USING btree ("batch_id","state","row_no");--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "price_history_batch_idx" ON "price_history" USING btree ("batch_id");