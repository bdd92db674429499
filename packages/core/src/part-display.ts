import type { BrandVariant, PriceLabel } from './brand-variants';
import { CONSTANTS } from './constants';

/**
 * Display rules of part rows and the part detail (spec.md sections 4, 5, 6 and 9): stock text
 * with the '99+' caps, tight / normal stock, the view-stock gate, price-protection days, carton
 * text, truncations, visible price labels, quantity sanitising and pagination. Pure functions,
 * shared by every page that shows parts.
 */

/** Where a stock figure is shown: a part row or the part detail. */
export type StockPlace = 'row' | 'detail';

export const STOCK_CAP_TEXT = '99+';
export const TIGHT_STOCK_TEXT = '紧张';
export const NORMAL_STOCK_TEXT = '正常';
/** Tight below this stock. */
export const TIGHT_STOCK_BELOW = 10;
/** Tight below this many consumable days. */
export const TIGHT_CONSUMABLE_DAYS_BELOW = 7;

/** The stock figure: '99+' above the variant's cap for the place, else the number (negatives as 0). */
export function stockText(variant: Pick<BrandVariant, 'stockCaps'>, stock: number, place: StockPlace): string {
  const value = Number.isFinite(stock) ? Math.max(0, Math.trunc(stock)) : 0;
  return value > variant.stockCaps[place] ? STOCK_CAP_TEXT : String(value);
}

/**
 * The stock of the warehouse the account ships from (1 Guangzhou, 2 Beijing): what a part row and
 * the detail show as the part's stock and tight / normal level.
 */
export function warehouseStock(
  part: { frey_stock?: number | undefined; beijing_stock?: number | undefined },
  warehouse: number,
): number {
  return (warehouse === 2 ? part.beijing_stock : part.frey_stock) ?? 0;
}

/** Tight when the stock is missing, consumable days are under 7, or stock is under 10. */
export function isTightStock(stock: number | null | undefined, consumableDays: number | null | undefined): boolean {
  if (stock === null || stock === undefined || !Number.isFinite(stock)) return true;
  if (consumableDays !== null && consumableDays !== undefined && consumableDays < TIGHT_CONSUMABLE_DAYS_BELOW) {
    return true;
  }
  return stock < TIGHT_STOCK_BELOW;
}

export function stockLevelText(stock: number | null | undefined, consumableDays: number | null | undefined): string {
  return isTightStock(stock, consumableDays) ? TIGHT_STOCK_TEXT : NORMAL_STOCK_TEXT;
}

/** What a part shows instead of stock figures while the view-stock gate hides them. */
export type StockState = 'tight' | 'normal';
export const STOCK_STATES = ['tight', 'normal'] as const satisfies readonly StockState[];
export const STOCK_STATE_TEXT: Record<StockState, string> = { tight: TIGHT_STOCK_TEXT, normal: NORMAL_STOCK_TEXT };

/**
 * The stock state of a part (spec.md section 4 'Stock display'): tight when the stock is missing,
 * consumable days are under 7 or the stock is under 10, else normal. The stock is the part's
 * my_stock (the warehouses the account may order from). The server decides it with this rule and
 * sends it (stock_state) in place of the figures a gated page may not show.
 */
export function stockState(stock: number | null | undefined, consumableDays: number | null | undefined): StockState {
  return isTightStock(stock, consumableDays) ? 'tight' : 'normal';
}

/**
 * The state a part row or the detail shows in place of figures for the chosen warehouse (1
 * Guangzhou, 2 Beijing): the server's stock_state / beijing_stock_state while the gate hides the
 * figures, or the same rule over that warehouse's figure when the figures came (the stock call).
 */
export function partStockState(
  part: {
    stock_state?: StockState | undefined;
    beijing_stock_state?: StockState | undefined;
    frey_stock?: number | undefined;
    beijing_stock?: number | undefined;
    consumable_days: number;
  },
  warehouse: number = 1,
): StockState {
  const sent = warehouse === 2 ? part.beijing_stock_state : part.stock_state;
  return sent ?? stockState(warehouseStock(part, warehouse), part.consumable_days);
}

/** The name of the route whose stock display rules differ (spec.md section 2). */
export const STOCK_ROUTE_NAME = 'stock';

/**
 * 'view stock' (tight/normal instead of figures) shows in the gated variant when the company
 * may not see exact stock (is_view_stock 0) and the page is not the route named stock.
 */
export function showViewStock(
  variant: Pick<BrandVariant, 'viewStockGate'>,
  isViewStock: number,
  routeName?: string | null,
): boolean {
  return variant.viewStockGate && Number(isViewStock) === 0 && routeName !== STOCK_ROUTE_NAME;
}

/**
 * Whether a page shows the stock state and 'view stock' instead of figures: the gate applies
 * (showViewStock), or the answer carries no figures (the server sends none while the gate applies).
 */
export function stockFiguresHidden(
  variant: Pick<BrandVariant, 'viewStockGate'>,
  part: { is_view_stock: number; my_stock?: number | undefined },
  routeName?: string | null,
): boolean {
  return showViewStock(variant, part.is_view_stock, routeName) || part.my_stock === undefined;
}

/** Price-protection days per scm_classification (spec.md section 9). */
export const PROTECTION_DAYS: Readonly<Record<string, number>> = {
  A: 60,
  XA: 60,
  B: 60,
  XB: 60,
  C: 180,
  XC: 180,
  D: 180,
  XD: 180,
};

/** Price-protection days by scm_classification (A/XA/B/XB 60, C/XC/D/XD 180), else null. */
export function priceProtectionDays(classification: string | null | undefined): number | null {
  if (!classification) return null;
  return PROTECTION_DAYS[classification.trim().toUpperCase()] ?? null;
}

/** The badge text '价保60天', only in variants with the badge. */
export function priceProtectionBadge(
  variant: Pick<BrandVariant, 'priceProtectionBadge'>,
  classification: string | null | undefined,
): string | null {
  if (!variant.priceProtectionBadge) return null;
  const days = priceProtectionDays(classification);
  return days === null ? null : `价保${days}天`;
}

/**
 * The favourite star of a part row or the detail. In the variant with the delisting notice a
 * delisting part has no star (spec.md section 4), unless the account has already favourited it:
 * the star then stays so that the dealer can remove the part from the favourites (otherwise the
 * favourites page would list it for good). After cancelling, the star goes.
 */
export function showFavouriteStar(
  variant: Pick<BrandVariant, 'delistingNotice'>,
  part: { is_delisting: number; is_sub: number },
): boolean {
  return !(variant.delistingNotice && part.is_delisting === 1) || part.is_sub === 1;
}

/**
 * A part row whose cart controls give way to '即将下架' (spec.md section 4 'Delisting and coming
 * soon': the variant with the delisting notice, a delisting part that is not orderable). Such a
 * row cannot be added to the cart, so a part group's select-all skips it; every other row has its
 * cart controls and is ticked, delisting or not (the cart's own select-all skips delisted lines).
 */
export function rowCartBlocked(
  variant: Pick<BrandVariant, 'delistingNotice'>,
  part: { is_delisting: number; is_orderable: number },
): boolean {
  return variant.delistingNotice && part.is_delisting === 1 && part.is_orderable !== 1;
}

/**
 * Whether a part offers the arrival reminder (到货提醒): nothing the account orders from has
 * stock, and the part will be stocked again. A part whose cart controls gave way to '即将下架'
 * (rowCartBlocked) is going and will not arrive, so it offers none, and the server refuses one
 * (restock-service.ts).
 */
export function restockOffered(
  variant: Pick<BrandVariant, 'delistingNotice'>,
  part: { my_stock: number; is_delisting: number; is_orderable: number },
): boolean {
  return part.my_stock <= 0 && !rowCartBlocked(variant, part);
}

/** '12个/箱' when outbox_fcl_quantity is non-zero. */
export function cartonText(outboxFclQuantity: number | null | undefined): string | null {
  return outboxFclQuantity ? `${outboxFclQuantity}个/箱` : null;
}

/** Cuts a vehicle model text at 20 characters, adding '...' when cut. */
export function modelText(text: string | null | undefined, max: number = CONSTANTS.vehicleModelMaxChars): string {
  const chars = Array.from((text ?? '').trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : chars.join('');
}

/** Splits the comma-separated engines (ASCII or Chinese commas), dropping blanks. */
export function splitEngines(engines: string | null | undefined): string[] {
  return (engines ?? '')
    .split(/[,，]/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** The first five engines joined by ',' and '...' when there are more. */
export function enginesText(engines: string | null | undefined, shown: number = CONSTANTS.enginesShown): string {
  const list = splitEngines(engines);
  const head = list.slice(0, shown).join(',');
  return list.length > shown ? `${head}...` : head;
}

/** The variant's price labels to show: shareholder-only ones only when showShareholderPrice is 1. */
export function visiblePriceLabels(
  variant: Pick<BrandVariant, 'priceLabels'>,
  showShareholderPrice: number | boolean,
): PriceLabel[] {
  const show = Number(showShareholderPrice) === 1;
  return variant.priceLabels.filter((l) => show || !l.shareholderOnly);
}

/**
 * Whether a product card (home floors, new arrivals, hot recommendations) and its cart dialog show
 * their price. The card's price is the variant's first price label (the one orders are placed at),
 * and the purchase-price toggle hides it like the same price in a part row.
 */
export function cardPriceShown(
  variant: Pick<BrandVariant, 'priceLabels'>,
  showShareholderPrice: number | boolean,
): boolean {
  const first = variant.priceLabels[0];
  return first !== undefined && visiblePriceLabels(variant, showShareholderPrice).includes(first);
}

/**
 * A number box (the pagination bar's page number): digits only, a non-negative integer ('' and
 * junk become 0). Cart quantity boxes use `quantityBoxValue` (api/cart.ts), capped at the cart maximum.
 */
export function sanitizeQuantity(input: string | number | null | undefined): number {
  const digits = String(input ?? '').replace(/\D/g, '');
  if (!digits) return 0;
  const value = Number(digits.replace(/^0+(?=\d)/, ''));
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}

/** Pages = total / size rounded up (at least 1, so page 1 always exists). */
export function pageCount(total: number, size: number): number {
  if (!(size > 0) || !(total > 0)) return 1;
  return Math.ceil(total / size);
}

/** A requested page: below 1 (or not a number) → 1; above the last page → the last page when `total` is known. */
export function clampPage(page: number, total?: number, size?: number): number {
  const p = Number.isFinite(page) ? Math.trunc(page) : 1;
  const atLeastOne = Math.max(1, p);
  if (total === undefined || size === undefined) return atLeastOne;
  return Math.min(atLeastOne, pageCount(total, size));
}

export function isPrevDisabled(page: number): boolean {
  return page <= 1;
}

/** Next is disabled at the last page. */
export function isNextDisabled(page: number, total: number, size: number): boolean {
  return page >= pageCount(total, size);
}

/** A page size from the allowed list (10, 20, 50, 100, 150, 200), else the default 10. */
export function normalizePageSize(size: number): number {
  return (CONSTANTS.pageSizes as readonly number[]).includes(size) ? size : CONSTANTS.defaultPageSize;
}
