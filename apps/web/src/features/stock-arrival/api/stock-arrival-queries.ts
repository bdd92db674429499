import type { ProductRowPage } from '@shop/core/api/parts';
import { apiGet } from '../../../lib/api-client';
import { partKeys } from '../../../entities/part/part-queries';

/** The three lists of /parts/stock (GET /api/Shop.StockArrival/*). */
export const STOCK_ARRIVAL_TABS = [
  { key: 'out', label: '缺货配件', path: '/api/Shop.StockArrival/outStockArrivals' },
  { key: 'ordered', label: '订货到货', path: '/api/Shop.StockArrival/orderStockArrivals' },
  { key: 'notice', label: '我的到货通知', path: '/api/Shop.StockArrival/arrivalNotice' },
] as const;
export type StockArrivalTab = (typeof STOCK_ARRIVAL_TABS)[number]['key'];

export const stockArrivalKeys = {
  all: () => partKeys.rows('stock-arrival'),
  list: (tab: StockArrivalTab) => [...stockArrivalKeys.all(), tab] as const,
};

export function stockArrivalFetcher(tab: StockArrivalTab) {
  const path = STOCK_ARRIVAL_TABS.find((t) => t.key === tab)!.path;
  return (page: number, limit: number, signal: AbortSignal) =>
    apiGet<ProductRowPage>(path, { page, limit }, { signal });
}

export function isStockArrivalTab(value: string | null): value is StockArrivalTab {
  return STOCK_ARRIVAL_TABS.some((t) => t.key === value);
}
