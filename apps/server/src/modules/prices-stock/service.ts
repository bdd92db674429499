import { sql } from 'drizzle-orm';
import { money } from '@shop/core/money';
import {
  PRICE_STOCK_TEXTS,
  type AdminPartRef,
  type PartLookupQuery,
  type PartPrices,
  type PriceEntry,
  type PriceHistoryEntry,
  type PriceRowList,
  type SetPricesRequest,
  type SetStockRequest,
  type StockEntry,
  type StockRowList,
} from '@shop/core/api/admin-prices';
import type { BrandVariant } from '@shop/core/brand-variants';
import { partKeywordSql } from '../catalog/part-keyword';
import type { Db } from '../../db/client';
import { chinaDateTimeOf } from '../../lib/china-time';
import { pagedList } from '../../lib/paged-list';
import { refuse } from '../../lib/errors';
import type { Executor } from '../../lib/events';
import type { StaffRequestContext } from '../../platform/request-context';
import { writeAudit, type AuditActor } from '../staff/audit';
import { priceAdjusted } from './events';

/**
 * A part's prices (every price label of the variant) and stock (per warehouse, available and in
 * transit) as the staff see and change them. A change is checked against what the form showed
 * (a save over someone else's change is refused), audited, and for prices kept in price_history
 * with the `price.adjusted` event the message centre turns into the dealers' messages.
 */
type Row = Record<string, unknown>;

const PART_COLUMNS = sql`p.id, p.frey_no, p.oe_number, p.l_name_zh`;

function partRefOf(r: Row): AdminPartRef {
  return {
    id: Number(r.id),
    frey_no: String(r.frey_no),
    oe_number: String(r.oe_number),
    l_name_zh: String(r.l_name_zh),
  };
}

const at = chinaDateTimeOf;

/** The warehouses of the variant: Guangzhou, and Beijing where the variant has it. */
export function warehousesOf(variant: BrandVariant): { id: number; name: string }[] {
  return variant.beijingWarehouse
    ? [
        { id: 1, name: '广州仓' },
        { id: 2, name: '北京仓' },
      ]
    : [{ id: 1, name: '广州仓' }];
}

/**
 * One page of parts for the staff's lookup: a keyword with Chinese is looked for in the name,
 * anything else as the start of the own code or the OE number (normalised); empty: all, by id.
 */
async function lookupParts(db: Pick<Db, 'execute'>, q: PartLookupQuery): Promise<{ total: number; parts: Row[] }> {
  const where = partKeywordSql(q.keyword);
  const { total, list } = await pagedList(
    db,
    q,
    sql`select count(*)::int as n from products p where ${where}`,
    sql`select ${PART_COLUMNS} from products p where ${where} order by p.id`,
    (r) => r,
  );
  return { total, parts: list };
}

async function partRef(db: Pick<Db, 'execute'>, productId: number, lock = false): Promise<AdminPartRef> {
  const [row] = (
    await db.execute(
      sql`select ${PART_COLUMNS} from products p where p.id = ${productId} ${lock ? sql`for update` : sql``}`,
    )
  ).rows as Row[];
  if (!row) refuse(PRICE_STOCK_TEXTS.notFound);
  return partRefOf(row);
}

// ---- prices ----

async function currentPrices(db: Pick<Db, 'execute'>, productIds: number[]): Promise<Map<number, Map<string, string>>> {
  const rows = (
    await db.execute(sql`select product_id, price_key, amount::text as amount from product_prices
      where product_id = any(${sql.param(productIds)}::int[])`)
  ).rows as Row[];
  const byPart = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const id = Number(r.product_id);
    if (!byPart.has(id)) byPart.set(id, new Map());
    byPart.get(id)!.set(String(r.price_key), money(r.amount));
  }
  return byPart;
}

function priceEntries(variant: BrandVariant, amounts: Map<string, string> | undefined): PriceEntry[] {
  return variant.priceLabels.map((l) => ({ key: l.key, label: l.label, amount: amounts?.get(l.key) ?? null }));
}

/**
 * A page of the parts the query finds, each its reference and what `add` makes of it with what
 * `read` found for the page's parts (their prices, their stock).
 */
async function partsPage<Found, Added extends object>(
  ctx: StaffRequestContext,
  q: PartLookupQuery,
  read: (db: Db, productIds: number[]) => Promise<Found>,
  add: (found: Found, productId: number) => Added,
) {
  const { total, parts } = await lookupParts(ctx.db, q);
  const found = await read(
    ctx.db,
    parts.map((p) => Number(p.id)),
  );
  const list = parts.map((p) => ({ ...partRefOf(p), ...add(found, Number(p.id)) }));
  return { total, page: q.page, limit: q.limit, list };
}

/** GET /prices: a page of parts with their prices. */
export function listPrices(ctx: StaffRequestContext, q: PartLookupQuery): Promise<PriceRowList> {
  return partsPage(ctx, q, currentPrices, (prices, id) => ({ prices: priceEntries(ctx.variant, prices.get(id)) }));
}

const HISTORY_SHOWN = 100;

/** GET /prices/:id: the part's prices and its latest price changes. */
export async function partPrices(ctx: StaffRequestContext, productId: number): Promise<PartPrices> {
  const part = await partRef(ctx.db, productId);
  const prices = await currentPrices(ctx.db, [productId]);
  const labels = new Map(ctx.variant.priceLabels.map((l) => [l.key, l.label]));
  const rows = (
    await ctx.db
      .execute(sql`select h.id, h.price_key, h.old_amount::text as old_amount, h.new_amount::text as new_amount,
        s.name as staff_name, h.source, h.batch_id, h.at
      from price_history h join staff_members s on s.id = h.staff_id
      where h.product_id = ${productId} order by h.id desc limit ${HISTORY_SHOWN}`)
  ).rows as Row[];
  const history: PriceHistoryEntry[] = rows.map((r) => ({
    id: Number(r.id),
    price_key: String(r.price_key),
    label: labels.get(String(r.price_key)) ?? String(r.price_key),
    old_amount: r.old_amount === null ? null : money(r.old_amount),
    new_amount: r.new_amount === null ? null : money(r.new_amount),
    staff_name: String(r.staff_name),
    source: r.source as PriceHistoryEntry['source'],
    batch_id: r.batch_id === null ? null : Number(r.batch_id),
    at: at(r.at),
  }));
  return { part, prices: priceEntries(ctx.variant, prices.get(productId)), history };
}

/**
 * POST /prices/:id: sets the given prices. Each must still be what the form showed (`expected`),
 * else the save is refused; unchanged amounts are left out. The prices, their history, the
 * audit entry and the `price.adjusted` event commit together.
 */
export async function setPrices(
  ctx: StaffRequestContext,
  actor: AuditActor,
  productId: number,
  input: SetPricesRequest,
): Promise<void> {
  const keys = new Set(ctx.variant.priceLabels.map((l) => l.key));
  for (const key of Object.keys(input.prices)) if (!keys.has(key)) refuse(PRICE_STOCK_TEXTS.unknownPriceKey);
  await ctx.transaction(async (tx, emit) => {
    // The part's row is the lock of its prices: two saves of the same part run one after the other.
    await partRef(tx, productId, true);
    const current = (await currentPrices(tx, [productId])).get(productId) ?? new Map<string, string>();
    const changes: { key: string; old: string | null; new: string }[] = [];
    for (const [key, amount] of Object.entries(input.prices)) {
      const old = current.get(key) ?? null;
      const expected =
        input.expected[key] === undefined
          ? undefined
          : input.expected[key] === null
            ? null
            : money(input.expected[key]);
      if (expected === undefined || expected !== old) refuse(PRICE_STOCK_TEXTS.priceChanged);
      if (money(amount) !== old) changes.push({ key, old, new: money(amount) });
    }
    if (changes.length === 0) refuse(PRICE_STOCK_TEXTS.nothingChanged);
    await writePriceChanges(tx, actor.staffId, 'manual', null, productId, changes);
    await writeAudit(tx, actor, {
      action: 'prices.set',
      entityType: 'product',
      entityId: String(productId),
      before: Object.fromEntries(changes.map((c) => [c.key, c.old])),
      after: Object.fromEntries(changes.map((c) => [c.key, c.new])),
    });
    emit(priceAdjusted({ productIds: [productId] }));
  });
}

/** Writes one part's new prices and their history rows. */
async function writePriceChanges(
  tx: Executor,
  staffId: number,
  source: 'manual',
  batchId: number | null,
  productId: number,
  changes: { key: string; old: string | null; new: string }[],
): Promise<void> {
  const keys = changes.map((c) => c.key);
  const olds = changes.map((c) => c.old);
  const news = changes.map((c) => c.new);
  await tx.execute(sql`insert into product_prices (product_id, price_key, amount)
    select ${productId}, k, a::numeric from unnest(${sql.param(keys)}::text[], ${sql.param(news)}::text[]) as c(k, a)
    on conflict (product_id, price_key) do update set amount = excluded.amount`);
  await tx.execute(sql`insert into price_history (product_id, price_key, old_amount, new_amount, staff_id, source, batch_id)
    select ${productId}, k, o::numeric, a::numeric, ${staffId}, ${source}, ${batchId}::int
    from unnest(${sql.param(keys)}::text[], ${sql.param(olds)}::text[], ${sql.param(news)}::text[]) as c(k, o, a)`);
}

// ---- stock ----

async function currentStocks(db: Pick<Db, 'execute'>, productIds: number[], lockWarehouse?: number) {
  const rows = (
    await db.execute(sql`select product_id, warehouse_id, available, in_transit from product_stocks
      where product_id = any(${sql.param(productIds)}::int[])
      ${lockWarehouse === undefined ? sql`` : sql`and warehouse_id = ${lockWarehouse} for update`}`)
  ).rows as Row[];
  const byPart = new Map<number, Map<number, { available: number; in_transit: number }>>();
  for (const r of rows) {
    const id = Number(r.product_id);
    if (!byPart.has(id)) byPart.set(id, new Map());
    byPart.get(id)!.set(Number(r.warehouse_id), { available: Number(r.available), in_transit: Number(r.in_transit) });
  }
  return byPart;
}

function stockEntries(
  variant: BrandVariant,
  stocks: Map<number, { available: number; in_transit: number }> | undefined,
): StockEntry[] {
  return warehousesOf(variant).map((w) => ({
    warehouse_id: w.id,
    warehouse: w.name,
    available: stocks?.get(w.id)?.available ?? 0,
    in_transit: stocks?.get(w.id)?.in_transit ?? 0,
  }));
}

/** GET /stock: a page of parts with their stock per warehouse. */
export function listStock(ctx: StaffRequestContext, q: PartLookupQuery): Promise<StockRowList> {
  return partsPage(ctx, q, currentStocks, (stocks, id) => ({ stocks: stockEntries(ctx.variant, stocks.get(id)) }));
}

/** GET /stock/:id: one part's stock. */
export async function partStock(ctx: StaffRequestContext, productId: number) {
  const part = await partRef(ctx.db, productId);
  const stocks = await currentStocks(ctx.db, [productId]);
  return { ...part, stocks: stockEntries(ctx.variant, stocks.get(productId)) };
}

/**
 * POST /stock/:id: sets (checked against what the form showed) or adjusts a warehouse's stock,
 * audited. A rise from 0 goes through product_stocks' trigger, which publishes `stock.arrived`
 * for the part's open arrival reminders (decision 0034).
 */
export async function setStock(
  ctx: StaffRequestContext,
  actor: AuditActor,
  productId: number,
  input: SetStockRequest,
): Promise<void> {
  if (!warehousesOf(ctx.variant).some((w) => w.id === input.warehouse_id)) refuse(PRICE_STOCK_TEXTS.unknownWarehouse);
  await ctx.transaction(async (tx) => {
    await partRef(tx, productId, true);
    const before = (await currentStocks(tx, [productId], input.warehouse_id))
      .get(productId)
      ?.get(input.warehouse_id) ?? {
      available: 0,
      in_transit: 0,
    };
    let after: { available: number; in_transit: number };
    if (input.mode === 'set') {
      if (input.expected.available !== before.available || input.expected.in_transit !== before.in_transit) {
        refuse(PRICE_STOCK_TEXTS.stockChanged);
      }
      after = { available: input.available, in_transit: input.in_transit };
    } else {
      after = { available: before.available + input.available, in_transit: before.in_transit + input.in_transit };
      if (after.available < 0 || after.in_transit < 0) refuse(PRICE_STOCK_TEXTS.stockNegative);
    }
    if (after.available === before.available && after.in_transit === before.in_transit) {
      refuse(PRICE_STOCK_TEXTS.nothingChanged);
    }
    await tx.execute(sql`insert into product_stocks (product_id, warehouse_id, available, in_transit, updated_at)
      values (${productId}, ${input.warehouse_id}, ${after.available}, ${after.in_transit}, now())
      on conflict (product_id, warehouse_id) do update
        set available = excluded.available, in_transit = excluded.in_transit, updated_at = now()`);
    await writeAudit(tx, actor, {
      action: input.mode === 'set' ? 'stock.set' : 'stock.adjust',
      entityType: 'product',
      entityId: String(productId),
      before: { warehouse_id: input.warehouse_id, ...before },
      after: { warehouse_id: input.warehouse_id, ...after },
    });
  });
}
