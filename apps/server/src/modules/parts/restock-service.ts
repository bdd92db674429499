import { z } from 'zod';
import { restockOffered } from '@shop/core/part-display';
import type { Db } from '../../db/client';
import { restockRequests } from '../../db/schema/customer-activity';
import { refuse } from '../../lib/errors';
import { loadProductRowsWithStock, type RowContext } from '../catalog/product-rows';
import { PRODUCT_NOT_FOUND_TEXT } from './product-detail';

/**
 * Restock alerts (arrival reminders): an account asks to be told when a part that is out of
 * stock in its warehouses arrives. One open request per account and part.
 */
export const RESTOCK_DONE_TEXT = '提交成功';
export const RESTOCK_REPEATED_TEXT = '已提交，不能重复提交';
export const RESTOCK_IN_STOCK_TEXT = '该商品有库存，可直接下单，无需到货提醒';
/** A part that is going (即将下架, core rowCartBlocked) will not arrive again. */
export const RESTOCK_DELISTING_TEXT = '该商品即将下架，不再到货，无法设置到货提醒';
/** Most parts in one batchAdd. */
export const BATCH_MAX = 500;

type Outcome = 'added' | 'repeated' | 'in_stock' | 'delisting' | 'not_found';

async function addRequests(db: Db, ctx: RowContext, productIds: number[]): Promise<Map<number, Outcome>> {
  // Whether the part has stock is the server's decision, gate or not.
  const rows = await loadProductRowsWithStock(db, ctx, productIds);
  const byId = new Map(rows.map((r) => [r.product_id, r]));
  const { variant } = ctx;
  const outcome = new Map<number, Outcome>();
  const wanted: number[] = [];
  for (const id of productIds) {
    const row = byId.get(id);
    if (!row) outcome.set(id, 'not_found');
    else if (row.my_stock > 0) outcome.set(id, 'in_stock');
    else if (!restockOffered(variant, row)) outcome.set(id, 'delisting');
    else wanted.push(id);
  }
  if (wanted.length > 0) {
    // The partial unique index (account, product) where notified_at is null keeps one open request.
    const inserted = await db
      .insert(restockRequests)
      .values(
        wanted.map((productId) => ({ accountId: ctx.caller.accountId, companyId: ctx.caller.companyId, productId })),
      )
      .onConflictDoNothing()
      .returning({ productId: restockRequests.productId });
    const added = new Set(inserted.map((r) => r.productId));
    for (const id of wanted) outcome.set(id, added.has(id) ? 'added' : 'repeated');
  }
  return outcome;
}

/** applyForReplenishment and Subscription/add: one part. */
export async function requestRestock(db: Db, ctx: RowContext, productId: number): Promise<void> {
  const outcome = (await addRequests(db, ctx, [productId])).get(productId);
  if (outcome === 'not_found') refuse(PRODUCT_NOT_FOUND_TEXT);
  if (outcome === 'in_stock') refuse(RESTOCK_IN_STOCK_TEXT);
  if (outcome === 'delisting') refuse(RESTOCK_DELISTING_TEXT);
  if (outcome === 'repeated') refuse(RESTOCK_REPEATED_TEXT);
}

export const BatchRestockResult = z.object({
  success_ids: z.array(z.number().int()),
  repeated_ids: z.array(z.number().int()),
  in_stock_ids: z.array(z.number().int()),
  /** Parts that are going (即将下架) and will not arrive again. */
  delisting_ids: z.array(z.number().int()),
  not_found_ids: z.array(z.number().int()),
});
export type BatchRestockResult = z.infer<typeof BatchRestockResult>;

/** '12,13, 14' → [12, 13, 14]; refuses anything that is not a list of ids. */
export function parseIdList(text: string, max: number, what = '商品'): number[] {
  const parts = text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) refuse(`请选择${what}`);
  if (!parts.every((p) => /^\d{1,9}$/.test(p))) refuse('参数错误：编号格式不正确');
  const ids = [...new Set(parts.map(Number))].filter((n) => n > 0);
  if (ids.length === 0) refuse(`请选择${what}`);
  if (ids.length > max) refuse(`一次最多提交 ${max} 个${what}`);
  return ids;
}

/** Subscription/batchAdd: many parts; unknown, in-stock and repeated ones are reported. */
export async function requestRestockBatch(
  db: Db,
  ctx: RowContext,
  productIds: number[],
): Promise<{ result: BatchRestockResult; msg: string }> {
  const outcome = await addRequests(db, ctx, productIds);
  const of = (kind: Outcome) => productIds.filter((id) => outcome.get(id) === kind);
  const result: BatchRestockResult = {
    success_ids: of('added'),
    repeated_ids: of('repeated'),
    in_stock_ids: of('in_stock'),
    delisting_ids: of('delisting'),
    not_found_ids: of('not_found'),
  };
  const parts = [`提交成功 ${result.success_ids.length} 个`];
  if (result.repeated_ids.length > 0) parts.push(`已提交过 ${result.repeated_ids.length} 个`);
  if (result.in_stock_ids.length > 0) parts.push(`有库存无需提醒 ${result.in_stock_ids.length} 个`);
  if (result.delisting_ids.length > 0) parts.push(`即将下架不再到货 ${result.delisting_ids.length} 个`);
  if (result.not_found_ids.length > 0) parts.push(`商品不存在：${result.not_found_ids.join('、')}`);
  return { result, msg: parts.join('；') };
}
