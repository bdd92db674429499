CREATE TABLE "company_credit" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"credit_limit" numeric(14, 2),
	"payment_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "company_credit_limit_check" CHECK ("company_credit"."credit_limit" is null or "company_credit"."credit_limit" >= 0),
	CONSTRAINT "company_credit_days_check" CHECK ("company_credit"."payment_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "company_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payments_amount_check" CHECK ("company_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_approvals" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"open_balance" numeric(14, 2) NOT NULL,
	"credit_limit" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "statement_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by" integer
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"statement_id" integer NOT NULL,
	"ledger_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_months" (
	"month" text PRIMARY KEY NOT NULL,
	"statements" integer NOT NULL,
	"lines" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"opening" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"closing" numeric(14, 2) NOT NULL,
	"line_count" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	CONSTRAINT "statements_closing_check" CHECK ("statements"."closing" = "statements"."opening" + "statements"."total")
);
--> statement-breakpoint
ALTER TABLE "company_credit" ADD CONSTRAINT "company_credit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credit" ADD CONSTRAINT "company_credit_updated_by_staff_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_approvals" ADD CONSTRAINT "credit_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_approvals" ADD CONSTRAINT "credit_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_approvals" ADD CONSTRAINT "credit_approvals_decided_by_staff_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_disputes" ADD CONSTRAINT "statement_disputes_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_disputes" ADD CONSTRAINT "statement_disputes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_disputes" ADD CONSTRAINT "statement_disputes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_disputes" ADD CONSTRAINT "statement_disputes_replied_by_staff_members_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_ledger_id_company_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."company_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_payments_request_key" ON "company_payments" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "company_payments_company_idx" ON "company_payments" USING btree ("company_id","paid_on");--> statement-breakpoint
CREATE INDEX "credit_approvals_status_idx" ON "credit_approvals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "statement_disputes_statement_idx" ON "statement_disputes" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "statement_disputes_open_idx" ON "statement_disputes" USING btree ("created_at") WHERE "statement_disputes"."replied_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_ledger" ON "statement_lines" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "statement_lines_statement_idx" ON "statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_company_month" ON "statements" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month","status");