import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  PageRequest,
  type MatchKind,
  type ProductRow,
  type ProductRowPage,
  type ProductRowWithStock,
} from '@shop/core/api/parts';
import { money } from '@shop/core/money';
import { moduleEnabled } from '@shop/core/brand-variants';
import { showViewStock, STOCK_ROUTE_NAME, stockState } from '@shop/core/part-display';
import { products, type ScmClassification } from '../../db/schema/catalog';
import type { Db } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { executeNamed } from '../../db/named-query';
import { inChunks } from '../../lib/chunks';
import type { DealerContext } from '../../platform/request-context';

/**
 * Part rows (spec.md section 3, 'Product row') for any list: search results, category lists,
 * hot recommendations, favourites, history. Everything a row shows is loaded for all the ids
 * at once in one query (catalog data and the caller's own data), whatever the page size.
 */
export interface RowContext extends DealerContext {
  /** The warehouse the caller orders from (available_stock). */
  readonly warehouse: 1 | 2;
  /**
   * Send the exact stock figures whatever the view-stock gate: the stock page (the route named
   * stock lifts the gate, spec.md section 4 'Stock display') and the server's own decisions
   * (restock alerts, the stock call). Otherwise a gated row carries its stock_state only.
   */
  readonly exactStock?: boolean;
}

/** How a search found a row: the number typed and the kind of match. */
export type FoundBy = Map<number, { search_no: string; match_kind: MatchKind }>;

/**
 * Parts per row statement: a longer list (a page of up to 200 rows) is loaded in statements of
 * this size side by side on as many connections (measured on 290 rows at a million parts: p50
 * 12.9 → 11.4 ms; Node then parses the answers one after another). The multi-number search reads
 * its rows in its own statements (bulk-search/service.ts).
 */
const ROWS_PER_QUERY = 100;
/** Purchase record window (orders_sales_history_text). */
const SALES_HISTORY_DAYS = 90;

const GUANGZHOU = 1;
const BEIJING = 2;

/** A dealer's context with the warehouse asked for (Guangzhou unless Beijing). */
export function rowContext(ctx: DealerContext, warehouse: number | undefined): RowContext {
  return { caller: ctx.caller, variant: ctx.variant, warehouse: warehouse === BEIJING ? BEIJING : GUANGZHOU };
}

/** A page of part rows as a warehouse orders them (`warehouse`, 1 unless given). */
export const WarehousePageRequest = PageRequest.extend({ warehouse: z.coerce.number().int().min(1).max(2).default(1) });

/** The request context's dealer and variant with the warehouse asked for. */
export function rowContextFromRequest(request: FastifyRequest, warehouse: number | undefined): RowContext {
  return rowContext(request.ctx.asDealer(), warehouse);
}

/** A part row as selected by productRowSql's columns. */
export interface PartRow {
  id: number;
  product_name: string;
  l_name_zh: string;
  frey_no: string;
  oe_number: string;
  pic: string;
  l_model_zh: string;
  engines: string;
  outbox_fcl_quantity: number;
  scm_classification: ScmClassification;
  consumable_days: number;
  is_coming_soon: number;
  is_delisting: number;
  is_orderable: number;
  make_name: string;
  prices: Record<string, string> | null;
  /** [warehouse, available, in transit] per warehouse. */
  stocks: [number, number, number][] | null;
  numbers: { factory: string; search_number: string }[] | null;
  video: string;
  has_carousel: boolean;
  has_questions: boolean;
  is_sub: boolean;
  is_apply: boolean;
  viewed_stock: boolean;
  cart_number: number;
  /** Orders and quantity of the part in the purchase record window. */
  bought_orders: number;
  bought_quantity: number;
  /** The image of the first running activity featuring the part (null when none). */
  activity_image: string | null;
}

function flag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

export function salesHistoryText(orderCount: number, quantity: number): string {
  return orderCount > 0 ? `近${SALES_HISTORY_DAYS}天购买 ${orderCount} 次，共 ${quantity} 件` : '';
}

/** The pieces of one statement that reads the part rows of a list (productRowSql). */
export interface ProductRowSql {
  /** The CTEs row_keys, row_marks and row_badges (to follow the CTE that defines `rows`). */
  marks: SQL;
  /** The select list of a PartRow. */
  columns: SQL;
  /** `rows` joined to the part, its make and row_marks (to follow `from rows`). */
  joins: SQL;
}

/**
 * What a part row shows (spec.md section 3), for the parts of `rows`: the name of a relation of the
 * statement (a CTE) with the columns id (the part), company_id and account_id (whose row it is:
 * one caller, or several when one statement answers several searches, search/number-search.ts).
 *
 * The part's own data comes from the part: prices, replacement numbers, stock, video and
 * carousel from their copies (products.row_*: migrations 0008 and 0012; the replacement numbers
 * shown are the part's first 10 by id). The caller's own data (favourite, restock alert, stock
 * viewed, questions asked, cart, purchase record) is read once for all the rows, table by table,
 * as row_marks, and joined to them, instead of a subquery per table for every row: at a
 * million parts, 210 rows of a 200-number search took 6.3 ms in PostgreSQL that way and
 * take 2.9 ms this way (decision 0019).
 */
export function productRowSql(rows: SQL): ProductRowSql {
  const marks = sql`row_keys as (select distinct id, company_id, account_id from ${rows}),
    row_marks as (
      select t.company_id, t.account_id, t.id,
        bool_or(t.k = 1) as is_sub, bool_or(t.k = 2) as is_apply, bool_or(t.k = 3) as viewed_stock,
        bool_or(t.k = 4) as has_questions, (coalesce(sum(t.qty) filter (where t.k = 5), 0))::int as cart_number,
        (count(distinct t.ord) filter (where t.k = 6))::int as bought_orders,
        (coalesce(sum(t.qty) filter (where t.k = 6), 0))::int as bought_quantity
      from (
        select s.company_id, s.account_id, s.id, 1 as k, 0 as qty, null::int as ord
          from row_keys s
          join favourites f on f.account_id = s.account_id and f.company_id = s.company_id and f.product_id = s.id
        union all
        select s.company_id, s.account_id, s.id, 2, 0, null
          from row_keys s
          join restock_requests r on r.account_id = s.account_id and r.company_id = s.company_id
            and r.product_id = s.id and r.notified_at is null
        union all
        select s.company_id, s.account_id, s.id, 3, 0, null
          from row_keys s
          join stock_views v on v.company_id = s.company_id and v.product_id = s.id
        union all
        select s.company_id, s.account_id, s.id, 4, 0, null
          from row_keys s
          join product_questions q on q.company_id = s.company_id and q.product_id = s.id
        union all
        select s.company_id, s.account_id, s.id, 5, c.quantity, null
          from row_keys s
          join cart_items c on c.company_id = s.company_id and c.product_id = s.id
        union all
        select s.company_id, s.account_id, s.id, 6, oi.quantity, oi.order_id
          from row_keys s
          join order_items oi on oi.company_id = s.company_id and oi.product_id = s.id
            and oi.created_at >= now() - make_interval(days => ${SALES_HISTORY_DAYS})
      ) t
      group by t.company_id, t.account_id, t.id
    ),
    row_badges as (
      select distinct on (ap.product_id) ap.product_id, a.image
      from activities a join activity_products ap on ap.activity_id = a.id
      where a.status = 'active'
        and a.starts_on <= (now() at time zone 'Asia/Shanghai')::date
        and a.ends_on >= (now() at time zone 'Asia/Shanghai')::date
        and ap.product_id in (select id from row_keys)
      order by ap.product_id, a.sort, a.id
    )`;
  const columns = sql`p.id, p.product_name, p.l_name_zh, p.frey_no, p.oe_number, p.pic, p.l_model_zh, p.engines,
      p.outbox_fcl_quantity, p.scm_classification, p.consumable_days, p.is_coming_soon, p.is_delisting,
      p.is_orderable, m.name_zh as make_name, p.row_prices as prices, p.row_search_numbers as numbers,
      p.row_stocks as stocks, p.row_video as video, p.row_has_carousel as has_carousel,
      coalesce(mk.has_questions, false) as has_questions, coalesce(mk.is_sub, false) as is_sub,
      coalesce(mk.is_apply, false) as is_apply, coalesce(mk.viewed_stock, false) as viewed_stock,
      coalesce(mk.cart_number, 0) as cart_number, coalesce(mk.bought_orders, 0) as bought_orders,
      coalesce(mk.bought_quantity, 0) as bought_quantity, rb.image as activity_image`;
  const joins = sql`join products p on p.id = ${rows}.id join makes m on m.id = p.make_id
      left join row_marks mk on mk.id = ${rows}.id and mk.company_id = ${rows}.company_id
        and mk.account_id = ${rows}.account_id
      left join row_badges rb on rb.product_id = ${rows}.id`;
  return { marks, columns, joins };
}

/** The row pieces over the ids of productRowsQuery (the same for every statement). */
const ID_ROWS = productRowSql(sql`ids`);

/** The rows of at most ROWS_PER_QUERY parts in one statement. */
function productRowsQuery(db: Db, ctx: RowContext, productIds: number[]) {
  const { marks, columns, joins } = ID_ROWS;
  return executeNamed<PartRow & Record<string, unknown>>(
    db,
    'product_rows',
    sql`with ids as (
      select id, ${ctx.caller.companyId}::int as company_id, ${ctx.caller.accountId}::int as account_id
      from unnest(${sql.param(productIds)}::int[]) as u(id)
    ), ${marks}
    select ${columns} from ids ${joins}`,
  );
}

export async function loadProductRows(
  db: Db,
  ctx: RowContext,
  productIds: number[],
  found?: FoundBy,
): Promise<ProductRow[]> {
  if (productIds.length === 0) return [];
  const results = await Promise.all(inChunks(productIds, ROWS_PER_QUERY).map((ids) => productRowsQuery(db, ctx, ids)));
  const byId = new Map(results.flatMap((r) => r.rows).map((r) => [Number(r.id), r]));
  return toProductRows(
    ctx,
    productIds.flatMap((id) => byId.get(id) ?? []),
    found,
  );
}

/**
 * The rows with their stock figures whatever the view-stock gate (RowContext.exactStock), for
 * the stock page and the server's own decisions.
 */
export async function loadProductRowsWithStock(
  db: Db,
  ctx: RowContext,
  productIds: number[],
): Promise<ProductRowWithStock[]> {
  // exactStock: every row carries all its figures (toProductRows).
  return (await loadProductRows(db, { ...ctx, exactStock: true }, productIds)) as ProductRowWithStock[];
}

/**
 * Part rows from rows selected with productRowSql's columns, in the order given; `found` says how a
 * search found each part.
 *
 * The page may not show a gated row's stock figures (core showViewStock: the main variant, the
 * company has not looked at the part's stock, not the stock page), so they are not sent: such a row
 * carries only its stock_state (core stockState; for an account that orders from Beijing also
 * beijing_stock_state). The figures are left undefined rather than out
 * of the object, so every row keeps one shape; JSON has no member for them.
 */
/**
 * A part's activity badge (spec.md section 3, activity_flag and activity_flag_image): 1 with the
 * image of the first running activity (staff's order) that features the part, where the brand has
 * the coupon module; the part's price stays its price (activities are not repriced, decision 0046).
 */
export function activityBadge(
  variant: RowContext['variant'],
  image: string | null | undefined,
): { activity_flag: 0 | 1; activity_flag_image: string } {
  return image !== null && image !== undefined && moduleEnabled(variant, 'coupon')
    ? { activity_flag: 1, activity_flag_image: image }
    : { activity_flag: 0, activity_flag_image: '' };
}

export function toProductRows(ctx: RowContext, parts: PartRow[], found?: FoundBy): ProductRow[] {
  const { variant } = ctx;
  const priceKeys = variant.priceLabels.map((l) => l.key);
  const rows: ProductRow[] = [];
  const beijingOrderable = variant.beijingWarehouse && ctx.caller.isRegionalWarehouse;
  const routeName = ctx.exactStock ? STOCK_ROUTE_NAME : undefined;
  for (const p of parts) {
    const id = Number(p.id);
    const isViewStock = variant.viewStockGate ? flag(p.viewed_stock) : 1;
    const hidden = showViewStock(variant, isViewStock, routeName);
    let guangzhou = 0;
    let beijing = 0;
    let inTransit = 0;
    for (const [warehouse, available, transit] of jsonColumn<PartRow['stocks']>(p.stocks) ?? []) {
      if (warehouse === GUANGZHOU) guangzhou = available;
      else if (warehouse === BEIJING) beijing = available;
      inTransit += transit;
    }
    const priceMap = jsonColumn<PartRow['prices']>(p.prices) ?? {};
    const prices: Record<string, string> = {};
    for (const key of priceKeys) prices[key] = money(priceMap[key]);
    const how = found?.get(id);
    const myStock = guangzhou + (beijingOrderable ? beijing : 0);
    const consumableDays = Number(p.consumable_days);
    rows.push({
      product_id: id,
      product_name: p.product_name,
      l_name_zh: p.l_name_zh,
      frey_no: p.frey_no,
      number: p.oe_number,
      brand_name: p.make_name,
      pic: p.pic,
      prices,
      frey_stock: hidden ? undefined : guangzhou,
      available_stock: hidden ? undefined : ctx.warehouse === BEIJING ? beijing : guangzhou,
      beijing_stock: hidden ? undefined : beijing,
      stock_zaitu: hidden ? undefined : inTransit,
      my_stock: hidden ? undefined : myStock,
      stock_state: hidden ? stockState(guangzhou, consumableDays) : undefined,
      beijing_stock_state: hidden && beijingOrderable ? stockState(beijing, consumableDays) : undefined,
      is_view_stock: isViewStock,
      consumable_days: consumableDays,
      is_sub: flag(p.is_sub),
      is_apply: flag(p.is_apply),
      is_coming_soon: flag(Number(p.is_coming_soon) === 1),
      is_delisting: flag(Number(p.is_delisting) === 1),
      is_orderable: flag(Number(p.is_orderable) === 1),
      // The quantity of the part in the company's cart, both warehouses together.
      cart_number: Number(p.cart_number),
      outbox_fcl_quantity: Number(p.outbox_fcl_quantity),
      scm_classification: p.scm_classification,
      l_model_zh: p.l_model_zh,
      engines: p.engines,
      search_numbers: jsonColumn<PartRow['numbers']>(p.numbers) ?? [],
      orders_sales_history_text: salesHistoryText(Number(p.bought_orders), Number(p.bought_quantity)),
      video: p.video,
      is_examine: flag(p.has_questions),
      is_product_advantage: flag(p.has_carousel),
      // In a running activity (docs/coupons.md, 'Activity parts'): the badge with the activity's image.
      ...activityBadge(variant, p.activity_image),
      search_no: how?.search_no ?? '',
      ...(how ? { match_kind: how.match_kind } : {}),
    });
  }
  return rows;
}

/** Where a page of part rows comes from: its total, and the ids of one page in display order. */
export interface RowPageSource {
  total(): Promise<number>;
  ids(limit: number, offset: number): Promise<number[]>;
}

/** A page of part rows (ProductRowPage); the ids are not asked for past the last page. */
export async function pageOfProductRows(
  db: Db,
  ctx: RowContext,
  page: { page: number; limit: number },
  source: RowPageSource,
): Promise<ProductRowPage> {
  const total = await source.total();
  const offset = (page.page - 1) * page.limit;
  const ids = offset < total ? await source.ids(page.limit, offset) : [];
  return { total, page: page.page, limit: page.limit, list: await loadProductRows(db, ctx, ids) };
}

/** A page source over the products matching `where`, in `order` (total counted unless given). */
export function productsPageSource(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  total?: () => Promise<number>,
): RowPageSource {
  return partIdsPageSource(db, { table: products, productId: products.id }, where, order, total);
}

/**
 * The pages of an account's own list of parts kept in `table` (favourites, the parts looked at),
 * newest first, as part rows: its rows of the caller's account and company, by `at` and then part
 * id, descending.
 */
export function accountPartsPages(
  table: PgTable & { accountId: AnyPgColumn; companyId: AnyPgColumn; productId: AnyPgColumn },
  at: AnyPgColumn,
) {
  return (db: Db, ctx: RowContext, page: { page: number; limit: number }): Promise<ProductRowPage> => {
    const where = and(eq(table.accountId, ctx.caller.accountId), eq(table.companyId, ctx.caller.companyId));
    return pageOfProductRows(
      db,
      ctx,
      page,
      partIdsPageSource(db, { table, productId: table.productId }, where, [desc(at), desc(table.productId)]),
    );
  };
}

/**
 * A page source over the rows of a table that name a part (`productId`: the products' own ids,
 * a list's favourites, the pages looked at), matching `where`, in `order`.
 */
export function partIdsPageSource(
  db: Db,
  from: { table: PgTable; productId: AnyPgColumn },
  where: SQL | undefined,
  order: SQL[],
  total?: () => Promise<number>,
): RowPageSource {
  return {
    total: total ?? (async () => (await db.select({ total: count() }).from(from.table).where(where))[0]?.total ?? 0),
    ids: async (limit, offset) =>
      (
        await db
          .select({ id: from.productId })
          .from(from.table)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map((r) => Number(r.id)),
  };
}
