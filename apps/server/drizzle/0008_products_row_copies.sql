ALTER TABLE "products" ADD COLUMN "row_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "row_search_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The part rows read a part's prices and its first replacement numbers from these copies
-- (modules/catalog/product-rows.ts), which statement triggers keep equal to product_prices and
-- product_numbers whatever writes them. 10 = SEARCH_NUMBERS_MAX of product-rows.ts.
CREATE FUNCTION products_copy_prices(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET row_prices = coalesce(
    (SELECT jsonb_object_agg(pp.price_key, pp.amount::text) FROM product_prices pp WHERE pp.product_id = p.id),
    '{}'::jsonb)
  WHERE p.id = ANY(ids)
$$;
--> statement-breakpoint
CREATE FUNCTION products_copy_search_numbers(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET row_search_numbers = coalesce(
    (SELECT jsonb_agg(jsonb_build_object('factory', n.factory, 'search_number', n.number) ORDER BY n.id)
     FROM (SELECT n.id, n.factory, n.number FROM product_numbers n
           WHERE n.product_id = p.id AND n.kind = 'replacement' ORDER BY n.id LIMIT 10) n),
    '[]'::jsonb)
  WHERE p.id = ANY(ids)
$$;
--> statement-breakpoint
CREATE FUNCTION product_prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM products_copy_prices(array(SELECT product_id FROM changed UNION SELECT product_id FROM changed_before));
  ELSE
    PERFORM products_copy_prices(array(SELECT DISTINCT product_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_numbers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM products_copy_search_numbers(array(SELECT product_id FROM changed UNION SELECT product_id FROM changed_before));
  ELSE
    PERFORM products_copy_search_numbers(array(SELECT DISTINCT product_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_prices_inserted AFTER INSERT ON product_prices REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_prices_changed();
--> statement-breakpoint
CREATE TRIGGER product_prices_updated AFTER UPDATE ON product_prices REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_prices_changed();
--> statement-breakpoint
CREATE TRIGGER product_prices_deleted AFTER DELETE ON product_prices REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_prices_changed();
--> statement-breakpoint
CREATE TRIGGER product_numbers_inserted AFTER INSERT ON product_numbers REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_numbers_changed();
--> statement-breakpoint
CREATE TRIGGER product_numbers_updated AFTER UPDATE ON product_numbers REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_numbers_changed();
--> statement-breakpoint
CREATE TRIGGER product_numbers_deleted AFTER DELETE ON product_numbers REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION product_numbers_changed();
--> statement-breakpoint
-- The copies of the parts already there, in one pass over products.
UPDATE products p SET row_prices = coalesce(x.prices, '{}'::jsonb), row_search_numbers = coalesce(x.numbers, '[]'::jsonb)
FROM (
  SELECT p.id, pr.prices, nu.numbers FROM products p
  LEFT JOIN (SELECT product_id, jsonb_object_agg(price_key, amount::text) AS prices FROM product_prices GROUP BY product_id) pr
    ON pr.product_id = p.id
  LEFT JOIN (
    SELECT product_id, jsonb_agg(jsonb_build_object('factory', factory, 'search_number', number) ORDER BY id) AS numbers
    FROM (SELECT n.product_id, n.id, n.factory, n.number, row_number() OVER (PARTITION BY n.product_id ORDER BY n.id) AS rn
          FROM product_numbers n WHERE n.kind = 'replacement') n
    WHERE rn <= 10 GROUP BY product_id
  ) nu ON nu.product_id = p.id
  WHERE pr.prices IS NOT NULL OR nu.numbers IS NOT NULL
) x
WHERE x.id = p.id;
