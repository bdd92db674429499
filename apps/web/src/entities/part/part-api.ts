import type { ProductRowWithStock, StockFigureKey } from '@shop/core/api/parts';
import { apiGet, apiPost } from '../../lib/api-client';

/**
 * The calls a part row makes on its own (favourite, view stock, restock alert), so every page
 * that shows part rows gets them without wiring. Errors toast through the api client.
 */
export type ProductStock = Pick<ProductRowWithStock, 'product_id' | StockFigureKey | 'is_view_stock'>;

/** POST /api/Shop.Collection/toggle → the new favourite flag. */
export function toggleFavourite(productId: number): Promise<{ is_sub: 0 | 1 }> {
  return apiPost<{ is_sub: 0 | 1 }>('/api/Shop.Collection/toggle', { product_id: productId });
}

/** GET /api/Shop.Accessory/getProductStock: exact stock; the company sees it from now on. */
export function getProductStock(productId: number): Promise<ProductStock> {
  return apiGet<ProductStock>('/api/Shop.Accessory/getProductStock', { product_id: productId });
}

/** POST /api/Shop.Accessory/applyForReplenishment: a restock alert (arrival reminder). */
export function applyForReplenishment(productId: number): Promise<unknown> {
  return apiPost<unknown>('/api/Shop.Accessory/applyForReplenishment', { product_id: productId });
}
