import { z } from 'zod';
import type { Db } from '../../db/client';
import { stockViews } from '../../db/schema/customer-activity';
import { refuse } from '../../lib/errors';
import { loadProductRows, loadProductRowsWithStock, type RowContext } from '../catalog/product-rows';
import { PRODUCT_NOT_FOUND_TEXT } from './product-detail';

/** The stock fields of a part row (getProductStock). */
export const ProductStock = z.object({
  product_id: z.number().int(),
  frey_stock: z.number().int(),
  beijing_stock: z.number().int(),
  available_stock: z.number().int(),
  stock_zaitu: z.number().int(),
  my_stock: z.number().int(),
  is_view_stock: z.union([z.literal(0), z.literal(1)]),
});
export type ProductStock = z.infer<typeof ProductStock>;

/**
 * The exact stock of a part. Looking at it is recorded for the company, so its rows show the
 * stock from now on (is_view_stock = 1, the main variant's view-stock gate).
 */
export async function viewProductStock(db: Db, ctx: RowContext, productId: number): Promise<ProductStock> {
  const [before] = await loadProductRows(db, ctx, [productId]);
  if (!before) refuse(PRODUCT_NOT_FOUND_TEXT);
  await db.insert(stockViews).values({ companyId: ctx.caller.companyId, productId }).onConflictDoNothing();
  const [row] = await loadProductRowsWithStock(db, ctx, [productId]);
  if (!row) refuse(PRODUCT_NOT_FOUND_TEXT);
  const r = row;
  return {
    product_id: r.product_id,
    frey_stock: r.frey_stock,
    beijing_stock: r.beijing_stock,
    available_stock: r.available_stock,
    stock_zaitu: r.stock_zaitu,
    my_stock: r.my_stock,
    is_view_stock: r.is_view_stock,
  };
}
