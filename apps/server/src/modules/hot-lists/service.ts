import { sql } from 'drizzle-orm';
import type { HotSalesAndSearch } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { cached } from '../catalog/ttl-cache';

/** Hot sales: order lines of the last HOT_SALES_DAYS by quantity. Hot search: searches of the last HOT_SEARCH_DAYS. */
export const HOT_SALES_DAYS = 90;
export const HOT_SEARCH_DAYS = 30;

type Item = HotSalesAndSearch['hot_sales_list'][number];

function items(rows: unknown[]): Item[] {
  return (rows as { product_id: number; number: string; product_name: string }[]).map((r) => ({
    product_id: Number(r.product_id),
    number: r.number,
    product_name: r.product_name,
  }));
}

/**
 * The hot lists are the same for everyone and move slowly, while the panel shows on every search
 * page: they are cached (ttl-cache.ts, 30 s). Each is a count over a month of search log or
 * three of order lines: 97 ms for 440,000 logged searches, on every page view when uncached.
 */
export function getHotSalesAndSearch(db: Db, request: { page: number; limit: number }): Promise<HotSalesAndSearch> {
  return cached(db, `hot-lists:${request.page}:${request.limit}`, () => loadHotSalesAndSearch(db, request));
}

async function loadHotSalesAndSearch(db: Db, request: { page: number; limit: number }): Promise<HotSalesAndSearch> {
  const offset = (request.page - 1) * request.limit;
  const [sales, searches] = await Promise.all([
    db.execute(sql`
      select h.product_id, p.oe_number as number, p.product_name from (
        select product_id, sum(quantity) as quantity from order_items
        where created_at >= now() - make_interval(days => ${HOT_SALES_DAYS})
        group by product_id
      ) h join products p on p.id = h.product_id
      order by h.quantity desc, h.product_id limit ${request.limit} offset ${offset}`),
    db.execute(sql`
      select h.product_id, p.oe_number as number, p.product_name from (
        select product_id, count(*) as times from search_logs
        where created_at >= now() - make_interval(days => ${HOT_SEARCH_DAYS}) and product_id is not null
        group by product_id
      ) h join products p on p.id = h.product_id
      order by h.times desc, h.product_id limit ${request.limit} offset ${offset}`),
  ]);
  return { hot_sales_list: items(sales.rows), hot_search_list: items(searches.rows) };
}
