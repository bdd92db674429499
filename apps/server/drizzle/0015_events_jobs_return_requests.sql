-- The outbox of domain events and the job runs (lib/events.ts, lib/jobs.ts, decision 0028); a
-- notification remembers the event it came from (a redelivery is a no-op); a return order
-- records who asked (staff or the dealer), the dealer's pictures and request key.
CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_notifications" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "return_orders" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_orders" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "return_orders" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE INDEX "domain_events_pending_idx" ON "domain_events" USING btree ("available_at","id") WHERE "domain_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_dispatched_idx" ON "domain_events" USING btree ("dispatched_at") WHERE "domain_events"."dispatched_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_notifications_event_key" ON "account_notifications" USING btree ("event_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_orders_request_key" ON "return_orders" USING btree ("company_id","request_key");