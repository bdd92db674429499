ALTER TABLE "products" ADD COLUMN "row_stocks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "row_video" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "row_has_carousel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An order changes its parts' stock copies: room left on each page lets PostgreSQL update a part
-- in place (a heap-only update, no index entries written), as no indexed column changes.
ALTER TABLE "products" SET (fillfactor = 90);--> statement-breakpoint
-- More copies on the part for the part rows (modules/catalog/product-rows.ts), kept equal to their
-- tables by statement triggers as in migration 0008: stock per warehouse (an order changes it; the
-- copy follows in the same transaction), the first video and whether there is a carousel.
CREATE FUNCTION products_copy_stocks(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET row_stocks = coalesce(
    (SELECT jsonb_agg(jsonb_build_array(s.warehouse_id, s.available, s.in_transit) ORDER BY s.warehouse_id)
     FROM product_stocks s WHERE s.product_id = p.id),
    '[]'::jsonb)
  WHERE p.id = ANY(ids)
$$;
--> statement-breakpoint
CREATE FUNCTION products_copy_media(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET
    row_video = coalesce((SELECT v.video FROM videos v WHERE v.product_id = p.id ORDER BY v.id LIMIT 1), ''),
    row_has_carousel = EXISTS (SELECT 1 FROM product_carousels c WHERE c.product_id = p.id)
  WHERE p.id = ANY(ids)
$$;
--> statement-breakpoint
-- The trigger of the copies below: the parts of the changed rows get the copy named by the
-- trigger's argument ('stocks' or 'media') made again.
CREATE FUNCTION products_copy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    ids := array(SELECT product_id FROM changed UNION SELECT product_id FROM changed_before);
  ELSE
    ids := array(SELECT DISTINCT product_id FROM changed);
  END IF;
  IF TG_ARGV[0] = 'stocks' THEN
    PERFORM products_copy_stocks(ids);
  ELSE
    PERFORM products_copy_media(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_stocks_inserted AFTER INSERT ON product_stocks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('stocks');
--> statement-breakpoint
CREATE TRIGGER product_stocks_updated AFTER UPDATE ON product_stocks REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('stocks');
--> statement-breakpoint
CREATE TRIGGER product_stocks_deleted AFTER DELETE ON product_stocks REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('stocks');
--> statement-breakpoint
CREATE TRIGGER videos_inserted AFTER INSERT ON videos REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('media');
--> statement-breakpoint
CREATE TRIGGER videos_updated AFTER UPDATE ON videos REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('media');
--> statement-breakpoint
CREATE TRIGGER videos_deleted AFTER DELETE ON videos REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('media');
--> statement-breakpoint
CREATE TRIGGER product_carousels_inserted AFTER INSERT ON product_carousels REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('media');
--> statement-breakpoint
CREATE TRIGGER product_carousels_updated AFTER UPDATE ON product_carousels REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('media');
--> statement-breakpoint
CREATE TRIGGER product_carousels_deleted AFTER DELETE ON product_carousels REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION products_copy_changed('media');
--> statement-breakpoint
-- Every copy of every part in one pass over products: for a bulk load (the demo generator loads
-- with the copy triggers off, then calls this) and, below, for the parts already there.
CREATE OR REPLACE FUNCTION products_refresh_row_copies() RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET row_prices = x.prices, row_search_numbers = x.numbers, row_stocks = x.stocks,
    row_video = x.video, row_has_carousel = x.has_carousel
  FROM (
    SELECT p.id, coalesce(pr.prices, '{}'::jsonb) AS prices, coalesce(nu.numbers, '[]'::jsonb) AS numbers,
      coalesce(st.stocks, '[]'::jsonb) AS stocks, coalesce(vi.video, '') AS video, ca.product_id IS NOT NULL AS has_carousel
    FROM products p
    LEFT JOIN (SELECT product_id, jsonb_object_agg(price_key, amount::text) AS prices FROM product_prices GROUP BY product_id) pr
      ON pr.product_id = p.id
    LEFT JOIN (
      SELECT product_id, jsonb_agg(jsonb_build_object('factory', factory, 'search_number', number) ORDER BY id) AS numbers
      FROM (SELECT n.product_id, n.id, n.factory, n.number, row_number() OVER (PARTITION BY n.product_id ORDER BY n.id) AS rn
            FROM product_numbers n WHERE n.kind = 'replacement') n
      WHERE rn <= 10 GROUP BY product_id
    ) nu ON nu.product_id = p.id
    LEFT JOIN (
      SELECT product_id, jsonb_agg(jsonb_build_array(warehouse_id, available, in_transit) ORDER BY warehouse_id) AS stocks
      FROM product_stocks GROUP BY product_id
    ) st ON st.product_id = p.id
    LEFT JOIN (SELECT DISTINCT ON (product_id) product_id, video FROM videos WHERE product_id IS NOT NULL ORDER BY product_id, id) vi
      ON vi.product_id = p.id
    LEFT JOIN product_carousels ca ON ca.product_id = p.id
  ) x
  WHERE x.id = p.id
    AND (p.row_prices IS DISTINCT FROM x.prices OR p.row_search_numbers IS DISTINCT FROM x.numbers
      OR p.row_stocks IS DISTINCT FROM x.stocks OR p.row_video IS DISTINCT FROM x.video
      OR p.row_has_carousel IS DISTINCT FROM x.has_carousel)
$$;
--> statement-breakpoint
SELECT products_refresh_row_copies();
