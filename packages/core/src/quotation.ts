import { WAREHOUSE_NAMES, type WarehouseId } from './constants';
import { STOCK_STATE_TEXT, type StockState } from './part-display';

/**
 * 'One-click copy quotation' (spec.md sections 2 'Warehouse picker', 5 'Copy quotation', 8 and 9):
 * the ticked part rows as a plain-text quotation for the chosen warehouse. The unit price is the
 * first non-zero price of the fallback order of section 9: suggested retail (retail_price),
 * suggested selling (suggest_price), secondary dealer (purchase_price, the secondary purchase
 * price of the variants that have it), terminal guide (terminal_price), else 0.
 */
export const QUOTATION_PRICE_ORDER = ['retail_price', 'suggest_price', 'purchase_price', 'terminal_price'] as const;

export const QUOTATION_NONE_SELECTED_TEXT = '请先勾选配件';
export function quotationCopiedText(count: number): string {
  return `成功复制${count}条报价信息`;
}

export interface QuotationItem {
  /** OE number as shown. */
  number: string;
  /** The brand's own code. */
  frey_no: string;
  name: string;
  brand_name: string;
  prices: Record<string, string>;
  quantity: number;
  /**
   * Stock of the chosen warehouse (shown only as in stock / out of stock); undefined while the
   * view-stock gate hides the figures, and the line then gives stock_state.
   */
  stock: number | undefined;
  stock_state?: StockState | undefined;
}

/** The unit price by the fallback order ('0.00' when none is set). */
export function quotationUnitPrice(prices: Record<string, string | undefined>): string {
  for (const key of QUOTATION_PRICE_ORDER) {
    const value = Number(prices[key]);
    if (Number.isFinite(value) && value > 0) return value.toFixed(2);
  }
  return '0.00';
}

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

function money(centsValue: number): string {
  return (centsValue / 100).toFixed(2);
}

function stockWords(item: QuotationItem, place: string): string {
  if (item.stock !== undefined) return `${place}${item.stock > 0 ? '有货' : '无货'}`;
  return `${place}库存${STOCK_STATE_TEXT[item.stock_state ?? 'tight']}`;
}

/**
 * The quotation text: a title line with the warehouse, one line per item
 * ('1. 宝马 宝马5系 前刹车片  OE:A 000 420 04 20  编码:FR-BK-1001  单价:¥145.00 × 2 = ¥290.00  广州仓有货'),
 * then the total. Quantities below 1 count as 1.
 */
export function quotationText(items: readonly QuotationItem[], warehouse: WarehouseId): string {
  const place = WAREHOUSE_NAMES[warehouse];
  let total = 0;
  const lines = items.map((item, index) => {
    const quantity = Math.max(1, Math.trunc(item.quantity) || 1);
    const unit = quotationUnitPrice(item.prices);
    const sum = cents(unit) * quantity;
    total += sum;
    const name = [item.brand_name, item.name].filter(Boolean).join(' ');
    return `${index + 1}. ${name}  OE:${item.number || '-'}  编码:${item.frey_no}  单价:¥${unit} × ${quantity} = ¥${money(sum)}  ${stockWords(item, place)}`;
  });
  return [`报价单（发货仓库：${place}）`, ...lines, `合计：¥${money(total)}（共 ${items.length} 项）`].join('\n');
}
