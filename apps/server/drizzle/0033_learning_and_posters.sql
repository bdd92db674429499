CREATE TYPE "public"."study_kind" AS ENUM('article', 'video');--> statement-breakpoint
CREATE TABLE "study_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"kind" "study_kind" DEFAULT 'article' NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_articles_video_check" CHECK ("study_articles"."kind" <> 'video' or "study_articles"."video_url" <> '')
);
--> statement-breakpoint
CREATE TABLE "study_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_progress" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_progress_account_id_article_id_pk" PRIMARY KEY("account_id","article_id"),
	CONSTRAINT "study_progress_range_check" CHECK ("study_progress"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "marketing_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"picture" text DEFAULT '' NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"template_id" integer,
	"published" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_items_days_check" CHECK ("marketing_items"."starts_on" <= "marketing_items"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "poster_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poster_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"headline" text NOT NULL,
	"subline" text DEFAULT '' NOT NULL,
	"color_from" text NOT NULL,
	"color_to" text NOT NULL,
	"accent" text NOT NULL,
	"max_parts" smallint DEFAULT 4 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poster_templates_parts_check" CHECK ("poster_templates"."max_parts" between 1 and 6),
	CONSTRAINT "poster_templates_colors_check" CHECK ("poster_templates"."color_from" ~ '^#[0-9a-f]{6}$' and "poster_templates"."color_to" ~ '^#[0-9a-f]{6}$' and "poster_templates"."accent" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "posters" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"product_ids" integer[] NOT NULL,
	"price_key" text DEFAULT '' NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_articles" ADD CONSTRAINT "study_articles_category_id_study_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."study_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_article_id_study_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."study_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_items" ADD CONSTRAINT "marketing_items_template_id_poster_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."poster_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poster_templates" ADD CONSTRAINT "poster_templates_category_id_poster_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."poster_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posters" ADD CONSTRAINT "posters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posters" ADD CONSTRAINT "posters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posters" ADD CONSTRAINT "posters_template_id_poster_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."poster_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_articles_category_idx" ON "study_articles" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "study_categories_sort_idx" ON "study_categories" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "marketing_items_days_idx" ON "marketing_items" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "poster_categories_sort_idx" ON "poster_categories" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "poster_templates_sort_idx" ON "poster_templates" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "posters_company_idx" ON "posters" USING btree ("company_id","id");