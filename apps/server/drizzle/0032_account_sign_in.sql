CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"account_id" integer,
	"ip" text NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"sent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wx_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"nonce_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"unionid" text,
	"nickname" text DEFAULT '' NOT NULL,
	"bind_token_hash" text,
	"bind_expires_at" timestamp with time zone,
	"bound_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "avatar_upload_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "wx_unionid" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "wx_nickname" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wx_logins_state_key" ON "wx_logins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wx_logins_bind_token_key" ON "wx_logins" USING btree ("bind_token_hash");--> statement-breakpoint
CREATE INDEX "wx_logins_created_idx" ON "wx_logins" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_wx_unionid_key" ON "accounts" USING btree ("wx_unionid") WHERE "accounts"."deleted_at" is null and "accounts"."wx_unionid" is not null;