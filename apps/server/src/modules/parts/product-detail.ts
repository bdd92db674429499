import type { ProductDetail } from '@shop/core/api/parts';
import type { Db } from '../../db/client';
import { refuse } from '../../lib/errors';
import { recordBrowsing } from '../browsing-history/service';
import { loadProductRows, type RowContext } from '../catalog/product-rows';
import { loadDetailExtras } from './detail-service';

export const PRODUCT_NOT_FOUND_TEXT = '商品不存在';

/** The part detail; opening it records the part in the account's browsing history. */
export async function getProductDetail(db: Db, ctx: RowContext, productId: number): Promise<ProductDetail> {
  const [row] = await loadProductRows(db, ctx, [productId]);
  if (!row) refuse(PRODUCT_NOT_FOUND_TEXT);
  const extras = await loadDetailExtras(db, productId, row.pic, ctx.caller, ctx.variant);
  await recordBrowsing(db, ctx.caller, productId);
  return { ...row, ...extras, on_way_stock: row.stock_zaitu };
}
