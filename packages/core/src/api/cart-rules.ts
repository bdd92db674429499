import { lineAmount } from '../money';

/**
 * The cart's rules without a schema (texts, limits, quantities, sums), apart from cart.ts so that
 * the shop's header loads them without zod. cart.ts re-exports them.
 */
export const CART_MESSAGES = {
  added: '操作成功',
  deleted: '已从购物车删除',
  notFound: '找不到购物车数据',
  quantityInvalid: '购买数量只能是非负整数',
  quantityPositive: '购买数量至少为 1',
  quantityTooLarge: '购买数量不能超过 99999',
  productMissing: '商品不存在',
  notOrderable: '该商品已下架，无法加入购物车',
  beijingNotAllowed: '当前账号不能选择北京仓',
  warehouseInvalid: '仓库只能是 1（广州仓）或 2（北京仓）',
  beijingNoStock: '北京仓暂无库存',
  nothingSelected: '请先勾选要结算的商品',
  batchEmpty: '请选择要加入购物车的商品',
  batchTooMany: '一次最多加入 500 个商品',
  exportEmpty: '购物车没有可导出的商品',
} as const;

/** The largest quantity of one line (keeps totals far inside numeric(12,2)). */
export const CART_QUANTITY_MAX = 99_999;
/** Most lines in one batchAdd. */
export const CART_BATCH_MAX = 500;

/** Cart quantity (spec.md section 5): digits only, a non-negative integer. Null when not. */
export function parseCartQuantity(input: string | number): number | null {
  const text = String(input).trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * What a quantity box of the catalog holds after typing or pasting (spec.md section 5 'Cart
 * quantity': digits only, a non-negative integer): the digits of the text as a number, never more
 * than the cart takes (CART_QUANTITY_MAX), so a pasted 20-digit number shows 99999, not a number
 * the cart refuses. '' and junk become 0. Plus / minus steps go through `stepCartQuantity`.
 */
export function quantityBoxValue(input: string | number | null | undefined): number {
  if (typeof input === 'number') return input > 0 ? Math.min(Math.trunc(input), CART_QUANTITY_MAX) : 0;
  const digits = String(input ?? '').replace(/\D+/g, '');
  const significant = digits.replace(/^0+/, '');
  if (significant === '') return 0;
  // More digits than the maximum has: larger whatever they are (and no float rounding on the way).
  if (significant.length > String(CART_QUANTITY_MAX).length) return CART_QUANTITY_MAX;
  return Math.min(Number(significant), CART_QUANTITY_MAX);
}

/** A plus / minus step of a quantity box: kept within `min` (0, or 1 where 0 is not offered) and CART_QUANTITY_MAX. */
export function stepCartQuantity(value: number, step: 1 | -1, min: 0 | 1 = 0): number {
  return Math.min(CART_QUANTITY_MAX, Math.max(min, quantityBoxValue(value) + step));
}

/** Keeps only the digits of what was typed into a quantity box ('' stays ''). */
export function digitsOnly(input: string): string {
  return input.replace(/\D+/g, '');
}

/**
 * Why a part may not go into (or grow in) the cart for a warehouse, or undefined when it may
 * (spec.md section 4 'Cart quantity'): the Beijing warehouse with no Beijing stock. The one rule of
 * the server (add, batchAdd, addMore raising a line, updateWarehouse) and of every plus and 'add to
 * cart' in the web app. Guangzhou has no such rule: a Guangzhou part at 0 may still be ordered (the
 * order records it as a lack item) and offers the arrival reminder.
 */
export function cartAddRefusal(warehouse: number, beijingStock: number | null | undefined): string | undefined {
  return warehouse === 2 && !((beijingStock ?? 0) > 0) ? CART_MESSAGES.beijingNoStock : undefined;
}

/**
 * cartAddRefusal as a page can tell it: a row behind the view-stock gate carries no figures
 * (undefined), and then only the server, which knows the stock, refuses.
 */
export function shownCartAddRefusal(warehouse: number, beijingStock: number | undefined): string | undefined {
  return beijingStock === undefined ? undefined : cartAddRefusal(warehouse, beijingStock);
}

/** Sum of line totals to 2 decimals, in cents to avoid float drift ('12.30'). */
export function sumMoney(amounts: readonly (string | number)[]): string {
  let cents = 0;
  for (const a of amounts) cents += Math.round(Number(a) * 100);
  return (cents / 100).toFixed(2);
}

/** Line total: unit price x quantity, 2 decimals. */
export function lineTotal(price: string | number, quantity: number): string {
  return lineAmount(price, quantity);
}
