import { sql } from 'drizzle-orm';
import type { HotSalesAndSearch } from '@shop/core/api/parts';
import type { OrderStatus } from '@shop/core/order-status';
import type { Db } from '../../db/client';
import { cached } from '../catalog/ttl-cache';
import { searchesPerPartSince } from '../search/search-log-rollup';

/**
 * Hot sales: order lines of the last HOT_SALES_DAYS by the quantity sold, that is without the
 * lines of cancelled orders and less the units returned (999 ordered and cancelled at once would
 * otherwise top everyone's list). Hot search: the parts searches found first, since the start of
 * the shop day HOT_SEARCH_DAYS ago (search-log-rollup.ts).
 */
export const HOT_SALES_DAYS = 90;
export const HOT_SEARCH_DAYS = 30;
const CANCELLED: OrderStatus = 'cancelled';

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
 * page: they are cached (ttl-cache.ts, 30 s). Each is a count over three months of order lines,
 * or a month of searches (rolled up per day, and the log of the days since).
 */
export function getHotSalesAndSearch(db: Db, request: { page: number; limit: number }): Promise<HotSalesAndSearch> {
  return cached(db, `hot-lists:${request.page}:${request.limit}`, () => loadHotSalesAndSearch(db, request));
}

export async function loadHotSalesAndSearch(
  db: Db,
  request: { page: number; limit: number },
  now = new Date(),
): Promise<HotSalesAndSearch> {
  const offset = (request.page - 1) * request.limit;
  const [sales, searches] = await Promise.all([
    db.execute(sql`
      select h.product_id, p.oe_number as number, p.product_name from (
        select oi.product_id, sum(oi.quantity - oi.returned_quantity) as quantity
        from order_items oi join orders o on o.id = oi.order_id
        where oi.created_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${HOT_SALES_DAYS})
          and o.status <> ${CANCELLED}
        group by oi.product_id
        having sum(oi.quantity - oi.returned_quantity) > 0
      ) h join products p on p.id = h.product_id
      order by h.quantity desc, h.product_id limit ${request.limit} offset ${offset}`),
    db.execute(sql`
      select h.product_id, p.oe_number as number, p.product_name
      from (${searchesPerPartSince(HOT_SEARCH_DAYS, now)}) h join products p on p.id = h.product_id
      order by h.times desc, h.product_id limit ${request.limit} offset ${offset}`),
  ]);
  return { hot_sales_list: items(sales.rows), hot_search_list: items(searches.rows) };
}
