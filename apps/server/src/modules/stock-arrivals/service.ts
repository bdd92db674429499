import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { pageOf } from '@shop/core/api/page';
import { ProductRow, type ProductRowPage } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { loadProductRowsWithStock, pageOfProductRows, type RowContext } from '../catalog/product-rows';
import { chinaDateTime } from '../../lib/china-time';

/**
 * The stock-arrival page (/parts/stock): parts the company buys or keeps that ran out, parts it
 * asked a restock alert for that have stock again, and the account's own alerts.
 * "Stock" is the stock of the warehouses the caller orders from (the row's my_stock).
 */
interface Page {
  page: number;
  limit: number;
}

/** Warehouses whose stock counts for the caller (Beijing as well for regional accounts). */
function callerWarehouses(ctx: RowContext): number[] {
  const variant = ctx.variant;
  return variant.beijingWarehouse && ctx.caller.isRegionalWarehouse ? [1, 2] : [1];
}

function stockOf(ctx: RowContext, productId: SQL): SQL {
  return sql`coalesce((select sum(s.available) from product_stocks s where s.product_id = ${productId}
    and s.warehouse_id = any(${sql.param(callerWarehouses(ctx))}::int[])), 0)`;
}

/** Pages (product_id, at) candidates, newest first, keeping those `keep` accepts. */
async function pageOfCandidates(
  db: Db,
  ctx: RowContext,
  candidates: SQL,
  keep: SQL,
  page: Page,
): Promise<ProductRowPage> {
  const base = sql`with c as (${candidates}) select c.product_id, c.at from c where ${keep}`;
  // The stock page: the view-stock gate does not apply (spec.md section 4 'Stock display').
  return pageOfProductRows(db, { ...ctx, exactStock: true }, page, {
    total: async () =>
      Number(
        (await db.execute<{ total: number }>(sql`select count(*)::int as total from (${base}) b`)).rows[0]?.total ?? 0,
      ),
    ids: async (limit, offset) =>
      (
        await db.execute<{ product_id: number }>(
          sql`${base} order by c.at desc, c.product_id desc limit ${limit} offset ${offset}`,
        )
      ).rows.map((r) => Number(r.product_id)),
  });
}

/** Parts now out of stock that the company has bought or favourited (latest activity first). */
export function listOutOfStock(db: Db, ctx: RowContext, page: Page): Promise<ProductRowPage> {
  const candidates = sql`select product_id, max(at) as at from (
      select oi.product_id, oi.created_at as at from order_items oi where oi.company_id = ${ctx.caller.companyId}
      union all
      select f.product_id, f.created_at as at from favourites f where f.company_id = ${ctx.caller.companyId}
    ) x group by product_id`;
  return pageOfCandidates(db, ctx, candidates, sql`${stockOf(ctx, sql`c.product_id`)} = 0`, page);
}

/** Parts the company asked a restock alert for that have stock again (latest request first). */
export function listRestocked(db: Db, ctx: RowContext, page: Page): Promise<ProductRowPage> {
  const candidates = sql`select r.product_id, max(r.created_at) as at from restock_requests r
    where r.company_id = ${ctx.caller.companyId} group by r.product_id`;
  return pageOfCandidates(db, ctx, candidates, sql`${stockOf(ctx, sql`c.product_id`)} > 0`, page);
}

export const ArrivalNotice = ProductRow.extend({
  restock_id: z.number().int(),
  apply_time: z.string(),
  /** '' until the alert was sent. */
  notice_time: z.string(),
  /** 0 waiting for stock, 1 in stock again, 2 notified. */
  arrival_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  arrival_status_cn: z.string(),
});
export const ArrivalNoticePage = pageOf(ArrivalNotice);
export type ArrivalNoticePage = z.infer<typeof ArrivalNoticePage>;

const ARRIVAL_STATUS_TEXT = ['待到货', '已到货', '已通知'] as const;

/** The account's restock alerts, newest first, with their state. */
export async function listArrivalNotices(db: Db, ctx: RowContext, page: Page): Promise<ArrivalNoticePage> {
  const mine = sql`r.account_id = ${ctx.caller.accountId} and r.company_id = ${ctx.caller.companyId}`;
  const [countRow] = (
    await db.execute<{ total: number }>(sql`select count(*)::int as total from restock_requests r where ${mine}`)
  ).rows;
  const total = Number(countRow?.total ?? 0);
  const offset = (page.page - 1) * page.limit;
  if (offset >= total) return { total, page: page.page, limit: page.limit, list: [] };
  const alerts = (
    await db.execute<{ id: number; product_id: number; created_at: string | Date; notified_at: string | Date | null }>(
      sql`select r.id, r.product_id, r.created_at, r.notified_at from restock_requests r where ${mine}
        order by r.created_at desc, r.id desc limit ${page.limit} offset ${offset}`,
    )
  ).rows;
  const rows = await loadProductRowsWithStock(db, ctx, [...new Set(alerts.map((a) => Number(a.product_id)))]);
  const byId = new Map(rows.map((r) => [r.product_id, r]));
  const list = alerts.flatMap((a) => {
    const row = byId.get(Number(a.product_id));
    if (!row) return [];
    const status: 0 | 1 | 2 = a.notified_at !== null ? 2 : row.my_stock > 0 ? 1 : 0;
    return [
      {
        ...row,
        restock_id: Number(a.id),
        apply_time: chinaDateTime(new Date(a.created_at)),
        notice_time: a.notified_at === null ? '' : chinaDateTime(new Date(a.notified_at)),
        arrival_status: status,
        arrival_status_cn: ARRIVAL_STATUS_TEXT[status],
      },
    ];
  });
  return { total, page: page.page, limit: page.limit, list };
}
