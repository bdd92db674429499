CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"category_id" smallint NOT NULL,
	"tip_name" text NOT NULL,
	"tip_description" text DEFAULT '' NOT NULL,
	"tip_word" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"is_eject" smallint DEFAULT 0 NOT NULL,
	"pop_type" smallint DEFAULT 1 NOT NULL,
	"event_id" bigint,
	"broadcast_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_account_idx" ON "messages" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "messages_account_unread_idx" ON "messages" USING btree ("account_id","category_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_event_key" ON "messages" USING btree ("event_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_broadcast_key" ON "messages" USING btree ("broadcast_id","account_id");