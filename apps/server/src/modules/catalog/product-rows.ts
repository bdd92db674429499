import type { FastifyRequest } from 'fastify';
import { count, sql, type SQL } from 'drizzle-orm';
import type { MatchKind, ProductRow, ProductRowPage } from '@shop/core/api/parts';
import { getBrandVariant, type BrandKey } from '@shop/core/brand-variants';
import { products, type ScmClassification } from '../../db/schema/catalog';
import type { Db } from '../../db/client';
import { jsonColumn } from '../../db/json-column';
import { executeNamed } from '../../db/named-query';
import { inChunks } from '../../lib/chunks';
import { partQuantityInCart } from '../cart/service';

/**
 * Part rows (spec.md section 3, 'Product row') for any list: search results, category lists,
 * hot recommendations, favourites, history. Everything a row shows is loaded for all the ids
 * at once in one query (catalog data and the caller's own data), whatever the page size.
 */
export interface RowContext {
  companyId: number;
  accountId: number;
  isRegionalWarehouse: boolean;
  /** The warehouse the caller orders from (available_stock). */
  warehouse: 1 | 2;
  brand: BrandKey;
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

export function rowContextFromRequest(request: FastifyRequest, warehouse: number | undefined): RowContext {
  return {
    companyId: request.auth.companyId,
    accountId: request.auth.accountId,
    isRegionalWarehouse: request.auth.isRegionalWarehouse,
    warehouse: warehouse === BEIJING ? BEIJING : GUANGZHOU,
    brand: request.server.config.BRAND,
  };
}

/**
 * Whose row it is (favourites, cart, purchase record): values, or columns of the enclosing query
 * when one statement reads the rows of several callers (search/number-search.ts).
 */
export interface RowCaller {
  companyId: number | SQL;
  accountId: number | SQL;
}

/** A part row as selected by productRowColumns. */
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
  stocks: { w: number; a: number; t: number }[] | null;
  numbers: { factory: string; search_number: string }[] | null;
  video: string | null;
  has_questions: boolean;
  has_carousel: boolean;
  is_sub: boolean;
  is_apply: boolean;
  viewed_stock: boolean;
  cart_number: number;
  bought: { n: number; q: number | string } | string | null;
}

function money(amount: string | number | undefined): string {
  const value = Number(amount ?? 0);
  return Number.isFinite(value) ? value.toFixed(2) : '0.00';
}

function flag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

export function salesHistoryText(orderCount: number, quantity: number): string {
  return orderCount > 0 ? `近${SALES_HISTORY_DAYS}天购买 ${orderCount} 次，共 ${quantity} 件` : '';
}

/**
 * What a part row shows, as select columns over `products p join makes m` (catalog data and the
 * caller's own data). Prices and replacement numbers come from their copies on the part
 * (products.row_prices, row_search_numbers: migration 0008), which halved the time per row at a
 * million parts (290 rows: 14.1 → 6.8 ms in PostgreSQL). The replacement numbers shown are the
 * part's first 10 by id: the copy's trigger function holds the 10.
 */
export function productRowColumns(ctx: RowCaller): SQL {
  return sql`p.id, p.product_name, p.l_name_zh, p.frey_no, p.oe_number, p.pic, p.l_model_zh, p.engines,
      p.outbox_fcl_quantity, p.scm_classification, p.consumable_days, p.is_coming_soon, p.is_delisting,
      p.is_orderable, m.name_zh as make_name,
      p.row_prices as prices,
      (select json_agg(json_build_object('w', s.warehouse_id, 'a', s.available, 't', s.in_transit))
        from product_stocks s where s.product_id = p.id) as stocks,
      p.row_search_numbers as numbers,
      (select v.video from videos v where v.product_id = p.id order by v.id limit 1) as video,
      exists(select 1 from product_questions q where q.product_id = p.id and q.company_id = ${ctx.companyId})
        as has_questions,
      exists(select 1 from product_carousels c where c.product_id = p.id) as has_carousel,
      exists(select 1 from favourites f where f.account_id = ${ctx.accountId} and f.company_id = ${ctx.companyId}
        and f.product_id = p.id) as is_sub,
      exists(select 1 from restock_requests r where r.account_id = ${ctx.accountId}
        and r.company_id = ${ctx.companyId} and r.product_id = p.id and r.notified_at is null) as is_apply,
      exists(select 1 from stock_views sv where sv.company_id = ${ctx.companyId} and sv.product_id = p.id)
        as viewed_stock,
      ${partQuantityInCart(ctx.companyId, sql`p.id`)} as cart_number,
      (select json_build_object('n', count(distinct oi.order_id), 'q', coalesce(sum(oi.quantity), 0))
        from order_items oi
        where oi.company_id = ${ctx.companyId} and oi.product_id = p.id
          and oi.created_at >= now() - make_interval(days => ${SALES_HISTORY_DAYS})) as bought`;
}

/** The rows of at most ROWS_PER_QUERY parts in one statement. */
function productRowsQuery(db: Db, ctx: RowContext, productIds: number[]) {
  return executeNamed<PartRow & Record<string, unknown>>(
    db,
    'product_rows',
    sql`select ${productRowColumns(ctx)}
    from products p join makes m on m.id = p.make_id
    where p.id = any(${sql.param(productIds)}::int[])`,
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
 * Part rows from rows selected with productRowColumns, in the order given; `found` says how a
 * search found each part.
 */
export function toProductRows(ctx: RowContext, parts: PartRow[], found?: FoundBy): ProductRow[] {
  const variant = getBrandVariant(ctx.brand);
  const priceKeys = variant.priceLabels.map((l) => l.key);
  const rows: ProductRow[] = [];
  const beijingOrderable = variant.beijingWarehouse && ctx.isRegionalWarehouse;
  for (const p of parts) {
    const id = Number(p.id);
    let guangzhou = 0;
    let beijing = 0;
    let inTransit = 0;
    for (const s of jsonColumn<PartRow['stocks']>(p.stocks) ?? []) {
      const warehouse = Number(s.w);
      if (warehouse === GUANGZHOU) guangzhou = Number(s.a);
      else if (warehouse === BEIJING) beijing = Number(s.a);
      inTransit += Number(s.t);
    }
    const priceMap = jsonColumn<PartRow['prices']>(p.prices) ?? {};
    const prices: Record<string, string> = {};
    for (const key of priceKeys) prices[key] = money(priceMap[key]);
    const how = found?.get(id);
    const bought = jsonColumn<Exclude<PartRow['bought'], string>>(p.bought);
    rows.push({
      product_id: id,
      product_name: p.product_name,
      l_name_zh: p.l_name_zh,
      frey_no: p.frey_no,
      number: p.oe_number,
      brand_name: p.make_name,
      pic: p.pic,
      prices,
      frey_stock: guangzhou,
      available_stock: ctx.warehouse === BEIJING ? beijing : guangzhou,
      beijing_stock: beijing,
      stock_zaitu: inTransit,
      my_stock: guangzhou + (beijingOrderable ? beijing : 0),
      is_view_stock: variant.viewStockGate ? flag(p.viewed_stock) : 1,
      consumable_days: Number(p.consumable_days),
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
      orders_sales_history_text: salesHistoryText(Number(bought?.n ?? 0), Number(bought?.q ?? 0)),
      video: p.video ?? '',
      is_examine: flag(p.has_questions),
      is_product_advantage: flag(p.has_carousel),
      // Activity badges come with the activity-zone issue; no activity data exists yet.
      activity_flag: 0,
      activity_flag_image: '',
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
  return {
    total: total ?? (async () => (await db.select({ total: count() }).from(products).where(where))[0]?.total ?? 0),
    ids: async (limit, offset) =>
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map((r) => r.id),
  };
}
