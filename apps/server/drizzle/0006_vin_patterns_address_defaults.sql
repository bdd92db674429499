CREATE TABLE "vehicle_vin_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"wmi" text NOT NULL,
	"vds_pattern" text NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint,
	"vehicle_model_id" integer NOT NULL,
	CONSTRAINT "vehicle_vin_patterns_wmi_check" CHECK ("vehicle_vin_patterns"."wmi" ~ '^[A-HJ-NPR-Z0-9]{3}$'),
	CONSTRAINT "vehicle_vin_patterns_vds_check" CHECK ("vehicle_vin_patterns"."vds_pattern" ~ '^[A-HJ-NPR-Z0-9*]{5}$')
);
--> statement-breakpoint
CREATE TABLE "vin_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"vin" text NOT NULL,
	"vehicle_model_id" integer,
	"model_year" smallint,
	"vehicle_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_vin_patterns" ADD CONSTRAINT "vehicle_vin_patterns_vehicle_model_id_vehicle_models_id_fk" FOREIGN KEY ("vehicle_model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vin_searches" ADD CONSTRAINT "vin_searches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vin_searches" ADD CONSTRAINT "vin_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vin_searches" ADD CONSTRAINT "vin_searches_vehicle_model_id_vehicle_models_id_fk" FOREIGN KEY ("vehicle_model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_vin_patterns_wmi_idx" ON "vehicle_vin_patterns" USING btree ("wmi");--> statement-breakpoint
CREATE INDEX "vehicle_vin_patterns_model_idx" ON "vehicle_vin_patterns" USING btree ("vehicle_model_id");--> statement-breakpoint
CREATE INDEX "vin_searches_company_time_idx" ON "vin_searches" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_company_main_key" ON "addresses" USING btree ("company_id") WHERE "addresses"."is_main";--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_company_other_main_key" ON "addresses" USING btree ("company_id") WHERE "addresses"."other_is_main";--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_one_default_check" CHECK (not ("addresses"."is_main" and "addresses"."other_is_main"));