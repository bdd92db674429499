-- The copies on the part (migration 0008) for every part in one pass over products: for a bulk
-- load (the demo generator loads without indexes, with the copy triggers off, then calls this).
CREATE FUNCTION products_refresh_row_copies() RETURNS void LANGUAGE sql AS $$
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
  ) x
  WHERE x.id = p.id
    AND (p.row_prices IS DISTINCT FROM coalesce(x.prices, '{}'::jsonb)
      OR p.row_search_numbers IS DISTINCT FROM coalesce(x.numbers, '[]'::jsonb))
$$;
