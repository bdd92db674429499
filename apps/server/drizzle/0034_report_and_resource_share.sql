CREATE TABLE "purchase_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_months_company_id_month_product_id_pk" PRIMARY KEY("company_id","month","product_id")
);
--> statement-breakpoint
CREATE TABLE "resource_share_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"contact" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resource_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"number" text NOT NULL,
	"number_norm" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2),
	"contact" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_shares_status_check" CHECK ("resource_shares"."status" in ('preview', 'active', 'withdrawn', 'taken_down')),
	CONSTRAINT "resource_shares_quantity_check" CHECK ("resource_shares"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_months" ADD CONSTRAINT "purchase_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_months" ADD CONSTRAINT "purchase_months_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_share_imports" ADD CONSTRAINT "resource_share_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_share_imports" ADD CONSTRAINT "resource_share_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_shares" ADD CONSTRAINT "resource_shares_import_id_resource_share_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."resource_share_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_shares" ADD CONSTRAINT "resource_shares_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_shares" ADD CONSTRAINT "resource_shares_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_share_imports_company_idx" ON "resource_share_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "resource_shares_import_idx" ON "resource_shares" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "resource_shares_company_idx" ON "resource_shares" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "resource_shares_number_idx" ON "resource_shares" USING btree ("number_norm" text_pattern_ops) WHERE "resource_shares"."status" = 'active';--> statement-breakpoint
CREATE INDEX "resource_shares_active_idx" ON "resource_shares" USING btree ("id") WHERE "resource_shares"."status" = 'active';--> statement-breakpoint
-- The partner report's rollup (docs/report.md): net purchases (quantity less returned, at the line's price) per
-- company, China-time month of the order and part, changed with the order lines and the orders' cancellation.
CREATE FUNCTION order_items_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO purchase_months AS pm (company_id, month, product_id, quantity, amount_cents)
    SELECT i.company_id, date_trunc('month', o.created_at AT TIME ZONE 'Asia/Shanghai')::date, i.product_id,
      sum(i.quantity - i.returned_quantity), sum((i.price * 100)::bigint * (i.quantity - i.returned_quantity))
    FROM changed i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, product_id)
    DO UPDATE SET quantity = pm.quantity + excluded.quantity, amount_cents = pm.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO purchase_months AS pm (company_id, month, product_id, quantity, amount_cents)
    SELECT i.company_id, date_trunc('month', o.created_at AT TIME ZONE 'Asia/Shanghai')::date, i.product_id,
      -sum(i.quantity - i.returned_quantity), -sum((i.price * 100)::bigint * (i.quantity - i.returned_quantity))
    FROM changed i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, product_id)
    DO UPDATE SET quantity = pm.quantity + excluded.quantity, amount_cents = pm.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO purchase_months AS pm (company_id, month, product_id, quantity, amount_cents)
    SELECT d.company_id, date_trunc('month', o.created_at AT TIME ZONE 'Asia/Shanghai')::date, d.product_id,
      sum(d.quantity), sum(d.amount)
    FROM (
      SELECT order_id, company_id, product_id, quantity - returned_quantity AS quantity,
        (price * 100)::bigint * (quantity - returned_quantity) AS amount FROM changed
      UNION ALL
      SELECT order_id, company_id, product_id, -(quantity - returned_quantity), -((price * 100)::bigint * (quantity - returned_quantity))
      FROM changed_before
    ) d JOIN orders o ON o.id = d.order_id WHERE o.status <> 'cancelled'
    GROUP BY 1, 2, 3
    HAVING sum(d.quantity) <> 0 OR sum(d.amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, product_id)
    DO UPDATE SET quantity = pm.quantity + excluded.quantity, amount_cents = pm.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order cancelled (or, were it ever, taken back) or moved to another month moves its lines in the rollup.
CREATE FUNCTION orders_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO purchase_months AS pm (company_id, month, product_id, quantity, amount_cents)
  SELECT i.company_id, d.month, i.product_id,
    sum(d.sign * (i.quantity - i.returned_quantity)), sum(d.sign * (i.price * 100)::bigint * (i.quantity - i.returned_quantity))
  FROM (
    SELECT n.id, date_trunc('month', n.created_at AT TIME ZONE 'Asia/Shanghai')::date AS month, 1 AS sign
    FROM changed n JOIN changed_before b ON b.id = n.id
    WHERE n.status <> 'cancelled' AND (b.status = 'cancelled' OR b.created_at <> n.created_at)
    UNION ALL
    SELECT b.id, date_trunc('month', b.created_at AT TIME ZONE 'Asia/Shanghai')::date, -1
    FROM changed n JOIN changed_before b ON b.id = n.id
    WHERE b.status <> 'cancelled' AND (n.status = 'cancelled' OR b.created_at <> n.created_at)
  ) d JOIN order_items i ON i.order_id = d.id
  GROUP BY 1, 2, 3
  HAVING sum(d.sign * (i.quantity - i.returned_quantity)) <> 0 OR sum(d.sign * (i.price * 100)::bigint * (i.quantity - i.returned_quantity)) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (company_id, month, product_id)
  DO UPDATE SET quantity = pm.quantity + excluded.quantity, amount_cents = pm.amount_cents + excluded.amount_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_rollup();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_updated AFTER UPDATE ON order_items REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_rollup();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_deleted AFTER DELETE ON order_items REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_rollup();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION orders_rollup();
--> statement-breakpoint
-- The purchases already there, in one pass.
INSERT INTO purchase_months (company_id, month, product_id, quantity, amount_cents)
SELECT i.company_id, date_trunc('month', o.created_at AT TIME ZONE 'Asia/Shanghai')::date, i.product_id,
  sum(i.quantity - i.returned_quantity), sum((i.price * 100)::bigint * (i.quantity - i.returned_quantity))
FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled'
GROUP BY 1, 2, 3;
