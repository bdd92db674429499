CREATE TABLE "company_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"source_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_ledger_amount_check" CHECK ("company_ledger"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "company_ledger" ADD CONSTRAINT "company_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_ledger_source_key" ON "company_ledger" USING btree ("kind","source_key");--> statement-breakpoint
CREATE INDEX "company_ledger_company_time_idx" ON "company_ledger" USING btree ("company_id","occurred_at");