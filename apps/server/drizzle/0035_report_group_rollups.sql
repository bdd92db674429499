CREATE TABLE "purchase_category_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"category_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_category_months_company_id_month_category_id_pk" PRIMARY KEY("company_id","month","category_id")
);
--> statement-breakpoint
CREATE TABLE "purchase_make_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"make_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_make_months_company_id_month_make_id_pk" PRIMARY KEY("company_id","month","make_id")
);
--> statement-breakpoint
ALTER TABLE "purchase_category_months" ADD CONSTRAINT "purchase_category_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_category_months" ADD CONSTRAINT "purchase_category_months_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_make_months" ADD CONSTRAINT "purchase_make_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_make_months" ADD CONSTRAINT "purchase_make_months_make_id_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_months_company_product_idx" ON "purchase_months" USING btree ("company_id","product_id","month") INCLUDE ("quantity","amount_cents");--> statement-breakpoint
-- The partner report's month, category and make views (docs/report.md): whatever changes purchase_months (the
-- triggers of migration 0034) changes these by the part's level-3 category and by its make, in the same transaction.
-- Rows are upserted in key order, as purchase_months' are.
CREATE FUNCTION purchase_months_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO purchase_category_months AS g (company_id, month, category_id, quantity, amount_cents)
    SELECT d.company_id, d.month, p.category_id, sum(d.quantity), sum(d.amount_cents)
    FROM changed d JOIN products p ON p.id = d.product_id
    GROUP BY 1, 2, 3 HAVING sum(d.quantity) <> 0 OR sum(d.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, category_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
    INSERT INTO purchase_make_months AS g (company_id, month, make_id, quantity, amount_cents)
    SELECT d.company_id, d.month, p.make_id, sum(d.quantity), sum(d.amount_cents)
    FROM changed d JOIN products p ON p.id = d.product_id
    GROUP BY 1, 2, 3 HAVING sum(d.quantity) <> 0 OR sum(d.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, make_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO purchase_category_months AS g (company_id, month, category_id, quantity, amount_cents)
    SELECT d.company_id, d.month, p.category_id, -sum(d.quantity), -sum(d.amount_cents)
    FROM changed_before d JOIN products p ON p.id = d.product_id
    GROUP BY 1, 2, 3 HAVING sum(d.quantity) <> 0 OR sum(d.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, category_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
    INSERT INTO purchase_make_months AS g (company_id, month, make_id, quantity, amount_cents)
    SELECT d.company_id, d.month, p.make_id, -sum(d.quantity), -sum(d.amount_cents)
    FROM changed_before d JOIN products p ON p.id = d.product_id
    GROUP BY 1, 2, 3 HAVING sum(d.quantity) <> 0 OR sum(d.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, make_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO purchase_category_months AS g (company_id, month, category_id, quantity, amount_cents)
    SELECT d.company_id, d.month, p.category_id, sum(d.quantity), sum(d.amount_cents)
    FROM (
      SELECT company_id, month, product_id, quantity, amount_cents FROM changed
      UNION ALL
      SELECT company_id, month, product_id, -quantity, -amount_cents FROM changed_before
    ) d JOIN products p ON p.id = d.product_id
    GROUP BY 1, 2, 3 HAVING sum(d.quantity) <> 0 OR sum(d.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, category_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
    INSERT INTO purchase_make_months AS g (company_id, month, make_id, quantity, amount_cents)
    SELECT d.company_id, d.month, p.make_id, sum(d.quantity), sum(d.amount_cents)
    FROM (
      SELECT company_id, month, product_id, quantity, amount_cents FROM changed
      UNION ALL
      SELECT company_id, month, product_id, -quantity, -amount_cents FROM changed_before
    ) d JOIN products p ON p.id = d.product_id
    GROUP BY 1, 2, 3 HAVING sum(d.quantity) <> 0 OR sum(d.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, make_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER purchase_months_groups_inserted AFTER INSERT ON purchase_months REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_months_groups();
--> statement-breakpoint
CREATE TRIGGER purchase_months_groups_updated AFTER UPDATE ON purchase_months
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION purchase_months_groups();
--> statement-breakpoint
CREATE TRIGGER purchase_months_groups_deleted AFTER DELETE ON purchase_months REFERENCING OLD TABLE AS changed_before
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_months_groups();
--> statement-breakpoint
-- A part moved to another category or make takes its purchases along (row by row: it is rare, and other updates of
-- products do not pay for it). The companies that bought it come from its order lines (order_items_product_time_idx).
CREATE FUNCTION products_purchase_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.category_id <> OLD.category_id THEN
    INSERT INTO purchase_category_months AS g (company_id, month, category_id, quantity, amount_cents)
    SELECT pm.company_id, pm.month, m.category_id, m.sign * sum(pm.quantity), m.sign * sum(pm.amount_cents)
    FROM purchase_months pm CROSS JOIN (VALUES (OLD.category_id, -1), (NEW.category_id, 1)) m (category_id, sign)
    WHERE pm.product_id = NEW.id
      AND pm.company_id IN (SELECT DISTINCT i.company_id FROM order_items i WHERE i.product_id = NEW.id)
    GROUP BY 1, 2, 3, m.sign HAVING sum(pm.quantity) <> 0 OR sum(pm.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, category_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
  END IF;
  IF NEW.make_id <> OLD.make_id THEN
    INSERT INTO purchase_make_months AS g (company_id, month, make_id, quantity, amount_cents)
    SELECT pm.company_id, pm.month, m.make_id, m.sign * sum(pm.quantity), m.sign * sum(pm.amount_cents)
    FROM purchase_months pm CROSS JOIN (VALUES (OLD.make_id, -1), (NEW.make_id, 1)) m (make_id, sign)
    WHERE pm.product_id = NEW.id
      AND pm.company_id IN (SELECT DISTINCT i.company_id FROM order_items i WHERE i.product_id = NEW.id)
    GROUP BY 1, 2, 3, m.sign HAVING sum(pm.quantity) <> 0 OR sum(pm.amount_cents) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, make_id)
    DO UPDATE SET quantity = g.quantity + excluded.quantity, amount_cents = g.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_purchase_groups AFTER UPDATE OF category_id, make_id ON products
  FOR EACH ROW WHEN (OLD.category_id <> NEW.category_id OR OLD.make_id <> NEW.make_id)
  EXECUTE FUNCTION products_purchase_groups();
--> statement-breakpoint
-- The purchases already in the rollup, in one pass each.
INSERT INTO purchase_category_months (company_id, month, category_id, quantity, amount_cents)
SELECT pm.company_id, pm.month, p.category_id, sum(pm.quantity), sum(pm.amount_cents)
FROM purchase_months pm JOIN products p ON p.id = pm.product_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO purchase_make_months (company_id, month, make_id, quantity, amount_cents)
SELECT pm.company_id, pm.month, p.make_id, sum(pm.quantity), sum(pm.amount_cents)
FROM purchase_months pm JOIN products p ON p.id = pm.product_id
GROUP BY 1, 2, 3;
