import { productFitments, productNumbers, productPrices, products, productStocks } from '../db/schema/catalog';
import { insertRows, type ColumnSpec, type Executor } from './bulk-insert';
import type { GeneratedNumber, GeneratedPart } from './parts';

/** Inserts a batch of generated parts with their numbers, fitment, prices and stock. */

const PRODUCT_COLUMNS: ColumnSpec<GeneratedPart>[] = [
  { column: products.id, type: 'int4', value: (p) => p.id },
  { column: products.freyNo, type: 'text', value: (p) => p.freyNo },
  { column: products.freyNoNorm, type: 'text', value: (p) => p.freyNoNorm },
  { column: products.oeNumber, type: 'text', value: (p) => p.oeNumber },
  { column: products.oeNumberNorm, type: 'text', value: (p) => p.oeNumberNorm },
  { column: products.lNameZh, type: 'text', value: (p) => p.lNameZh },
  { column: products.productName, type: 'text', value: (p) => p.productName },
  { column: products.makeId, type: 'int4', value: (p) => p.makeId },
  { column: products.categoryId, type: 'int4', value: (p) => p.categoryId },
  { column: products.lModelZh, type: 'text', value: (p) => p.lModelZh },
  { column: products.engines, type: 'text', value: (p) => p.engines },
  { column: products.outboxFclQuantity, type: 'int4', value: (p) => p.outboxFclQuantity },
  { column: products.scmClassification, type: 'text', value: (p) => p.scmClassification },
  { column: products.consumableDays, type: 'int4', value: (p) => p.consumableDays },
  { column: products.isComingSoon, type: 'int2', value: (p) => p.isComingSoon },
  { column: products.isDelisting, type: 'int2', value: (p) => p.isDelisting },
  { column: products.isOrderable, type: 'int2', value: (p) => p.isOrderable },
  { column: products.newArrivalAt, type: 'timestamptz', value: (p) => p.newArrivalAt?.toISOString() ?? null },
  { column: products.hotRecommendRank, type: 'int4', value: (p) => p.hotRecommendRank },
  { column: products.pic, type: 'text', value: (p) => p.pic },
];

type NumberRow = GeneratedNumber & { productId: number };
const NUMBER_COLUMNS: ColumnSpec<NumberRow>[] = [
  { column: productNumbers.productId, type: 'int4', value: (n) => n.productId },
  { column: productNumbers.kind, type: { enum: 'product_number_kind' }, value: (n) => n.kind },
  { column: productNumbers.factory, type: 'text', value: (n) => n.factory },
  { column: productNumbers.number, type: 'text', value: (n) => n.number },
  { column: productNumbers.numberNorm, type: 'text', value: (n) => n.numberNorm },
];

type FitmentRow = { productId: number; modelId: number };
const FITMENT_COLUMNS: ColumnSpec<FitmentRow>[] = [
  { column: productFitments.productId, type: 'int4', value: (f) => f.productId },
  { column: productFitments.modelId, type: 'int4', value: (f) => f.modelId },
];

type PriceRow = { productId: number; key: string; amount: string };
const PRICE_COLUMNS: ColumnSpec<PriceRow>[] = [
  { column: productPrices.productId, type: 'int4', value: (p) => p.productId },
  { column: productPrices.priceKey, type: 'text', value: (p) => p.key },
  { column: productPrices.amount, type: 'numeric', value: (p) => p.amount },
];

type StockRow = { productId: number; warehouseId: number; available: number; inTransit: number };
const STOCK_COLUMNS: ColumnSpec<StockRow>[] = [
  { column: productStocks.productId, type: 'int4', value: (s) => s.productId },
  { column: productStocks.warehouseId, type: 'int2', value: (s) => s.warehouseId },
  { column: productStocks.available, type: 'int4', value: (s) => s.available },
  { column: productStocks.inTransit, type: 'int4', value: (s) => s.inTransit },
];

export interface BatchCounts {
  numbers: number;
  fitments: number;
  prices: number;
  stocks: number;
}

export async function insertPartBatch(db: Executor, parts: GeneratedPart[]): Promise<BatchCounts> {
  const numbers = parts.flatMap((p) => p.numbers.map((n) => ({ ...n, productId: p.id })));
  const fitments = parts.flatMap((p) => p.modelIds.map((modelId) => ({ productId: p.id, modelId })));
  const prices = parts.flatMap((p) => p.prices.map((price) => ({ ...price, productId: p.id })));
  const stocks = parts.flatMap((p) => p.stocks.map((s) => ({ ...s, productId: p.id })));
  await insertRows(db, products, PRODUCT_COLUMNS, parts);
  await insertRows(db, productNumbers, NUMBER_COLUMNS, numbers);
  await insertRows(db, productFitments, FITMENT_COLUMNS, fitments);
  await insertRows(db, productPrices, PRICE_COLUMNS, prices);
  await insertRows(db, productStocks, STOCK_COLUMNS, stocks);
  return { numbers: numbers.length, fitments: fitments.length, prices: prices.length, stocks: stocks.length };
}
