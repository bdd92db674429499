CREATE TABLE "development_likes" (
	"request_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "development_likes_request_id_account_id_pk" PRIMARY KEY("request_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "development_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "development_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"part_name" text NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"oe_number" text DEFAULT '' NOT NULL,
	"monthly_quantity" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"replied_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "development_requests_quantity_positive" CHECK ("development_requests"."monthly_quantity" > 0),
	CONSTRAINT "development_requests_likes_not_negative" CHECK ("development_requests"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "development_likes" ADD CONSTRAINT "development_likes_request_id_development_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."development_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_likes" ADD CONSTRAINT "development_likes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_likes" ADD CONSTRAINT "development_likes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_replies" ADD CONSTRAINT "development_replies_request_id_development_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."development_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_replies" ADD CONSTRAINT "development_replies_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_requests" ADD CONSTRAINT "development_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "development_requests" ADD CONSTRAINT "development_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "development_replies_request_idx" ON "development_replies" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "development_requests_created_idx" ON "development_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "development_requests_likes_idx" ON "development_requests" USING btree ("like_count","id");--> statement-breakpoint
CREATE INDEX "development_requests_account_idx" ON "development_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","id");