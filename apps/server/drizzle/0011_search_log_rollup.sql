-- The search log rolled up per shop day for hot search, and how far it is rolled up
-- (modules/search/search-log-rollup.ts). The state's one row starts empty: the first roll-up
-- takes the log from its oldest entry. Hot search no longer counts the log by part, so its
-- index by part goes (one index less to write for each of a 200-number search's 200 entries).
CREATE TABLE "search_log_days" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"searches" integer NOT NULL,
	CONSTRAINT "search_log_days_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "search_log_rollup" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_until" timestamp with time zone,
	CONSTRAINT "search_log_rollup_one_row_check" CHECK ("search_log_rollup"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "search_log_rollup" ("id", "rolled_until") VALUES (1, NULL);
--> statement-breakpoint
DROP INDEX "search_logs_product_idx";
