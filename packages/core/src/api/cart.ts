import { z } from 'zod';
import { ID_MAX } from '../constants';
import { idInput } from './id-input';
import { CART_MESSAGES, CART_QUANTITY_MAX, parseCartQuantity } from './cart-rules';
import { flag01, looseFlagInput } from './fields';
export * from './cart-rules';

/**
 * Shapes and rules of /api/Shop.Cart/* (spec.md sections 3, 4, 5 and 7). Money is a string with
 * two decimals; flags are 0/1. The cart belongs to the company: every account sees its lines.
 */

/** A quantity as sent (number or digits); its content is checked by `checkCartQuantity`. */
const rawQuantity = z.union([z.number(), z.string().max(20)]);
/** A warehouse as sent; its content is checked by `checkWarehouseType`. */
const rawWarehouse = z.union([z.number(), z.string().max(5)]);

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Cart quantity content rule: digits only, `min` (1 for add, 0 for set) to CART_QUANTITY_MAX. */
export function checkCartQuantity(input: string | number, min: 0 | 1): Checked<number> {
  const n = parseCartQuantity(input);
  if (n === null) return { ok: false, message: CART_MESSAGES.quantityInvalid };
  if (n < min) return { ok: false, message: CART_MESSAGES.quantityPositive };
  if (n > CART_QUANTITY_MAX) return { ok: false, message: CART_MESSAGES.quantityTooLarge };
  return { ok: true, value: n };
}

export function checkWarehouseType(input: string | number | undefined): Checked<1 | 2> {
  if (input === undefined || input === '') return { ok: true, value: 1 };
  const n = Number(input);
  return n === 1 || n === 2 ? { ok: true, value: n } : { ok: false, message: CART_MESSAGES.warehouseInvalid };
}

const productId = idInput(CART_MESSAGES.productMissing);
const cartId = idInput(CART_MESSAGES.notFound);

/** POST add: adds to the line of the same part and warehouse when there is one. */
export const CartAddRequest = z.object({
  product_id: productId,
  quantity: rawQuantity,
  warehouse_type: rawWarehouse.optional(),
  is_coming_soon: looseFlagInput.default(0),
});
export type CartAddRequest = z.input<typeof CartAddRequest>;

/** POST batchAdd: many lines at once (the multi-number result page); all or none. */
export const CartBatchAddRequest = z.object({
  /** Checked by the service: empty → batchEmpty, more than CART_BATCH_MAX → batchTooMany. */
  list: z.array(CartAddRequest).max(2000),
});
export type CartBatchAddRequest = z.input<typeof CartBatchAddRequest>;

/** POST addMore: sets the quantity of a line (plus / minus / typed); 0 is allowed. */
export const CartAddMoreRequest = z.object({ pd_cart_id: cartId, quantity: rawQuantity });
export type CartAddMoreRequest = z.input<typeof CartAddMoreRequest>;

/** POST updateWarehouse: moves a line to the other warehouse, merging with a line already there. */
export const CartUpdateWarehouseRequest = z.object({ pd_cart_id: cartId, warehouse_type: rawWarehouse });
export type CartUpdateWarehouseRequest = z.input<typeof CartUpdateWarehouseRequest>;

/** POST delete: pd_cart_ids comma-joined (a list is accepted too); parsed by `parseCartIds`. */
export const CartDeleteRequest = z.object({
  pd_cart_ids: z.union([z.string().max(20_000), z.number(), z.array(z.union([z.string(), z.number()])).max(1000)]),
});
export type CartDeleteRequest = z.input<typeof CartDeleteRequest>;

/** The distinct ids of '1,2,3' (or a list); null when empty or not all positive integers. */
export function parseCartIds(input: string | number | readonly (string | number)[]): number[] | null {
  const parts = (Array.isArray(input) ? input.map(String) : String(input).split(','))
    .map((s: string) => s.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.length > 1000 || parts.some((p: string) => !/^\d+$/.test(p))) return null;
  const ids = parts.map(Number);
  if (ids.some((n: number) => !Number.isSafeInteger(n) || n <= 0 || n > ID_MAX)) return null;
  return [...new Set(ids)];
}

/** POST getList / GET export filters ('' or absent: all). */
export const CartListRequest = z.object({
  l_model_zh: z.string().trim().max(100).default(''),
  user_name: z.string().trim().max(100).default(''),
});
export type CartListRequest = z.input<typeof CartListRequest>;

export const CartItem = z.object({
  pd_cart_id: z.number().int(),
  product_id: z.number().int(),
  frey_no: z.string(),
  /** OE number. */
  number: z.string(),
  l_name_zh: z.string(),
  l_model_zh: z.string(),
  pic: z.string(),
  /** The caller's unit price (the variant's first price label). */
  price: z.string(),
  quantity: z.number().int(),
  tootal_price: z.string(),
  warehouse_type: z.union([z.literal(1), z.literal(2)]),
  /** Available stock of the line's warehouse. */
  stock: z.number().int(),
  beijing_stock: z.number().int(),
  is_delisting: flag01,
  is_orderable: flag01,
  is_coming_soon: flag01,
  /** Who added the line. */
  user_name: z.string(),
  created_at: z.string(),
});
export type CartItem = z.infer<typeof CartItem>;

/** A points-mall line merged into a main account's cart (points module). */
/** A points-mall line of the cart (spec.md section 3), with what the cart page shows and changes. */
export const PointsCartItem = z.object({
  points_cart_id: z.number().int(),
  /** The mall item (addPointsCart adds one more of it). */
  points_product_id: z.number().int(),
  l_name_zh: z.string(),
  pic: z.string(),
  /** Points per unit. */
  customer_sale_price: z.string(),
  quantity: z.number().int(),
  /** The item's stock (the quantity's upper bound with POINTS_CART_QUANTITY_MAX). */
  stock: z.number().int(),
});
export type PointsCartItem = z.infer<typeof PointsCartItem>;

export const CartList = z.object({
  cart_list: z.array(CartItem),
  points_cart_list: z.array(PointsCartItem),
  /** 1 when at least one line can be settled (quantity above 0 and orderable). */
  is_settlement: flag01,
});
export type CartList = z.infer<typeof CartList>;

export const CartParams = z.object({ l_model_zh_list: z.array(z.string()), user_name_list: z.array(z.string()) });
export type CartParams = z.infer<typeof CartParams>;

/** The header's cartNumber: lines in the cart, and their total quantity. */
export const CartCount = z.object({ cart_number: z.number().int(), total_quantity: z.number().int() });
export type CartCount = z.infer<typeof CartCount>;

export const CartLineResult = z.object({ pd_cart_id: z.number().int(), quantity: z.number().int() });
export type CartLineResult = z.infer<typeof CartLineResult>;

export const CartBatchResult = z.object({ lines: z.array(CartLineResult) });
export type CartBatchResult = z.infer<typeof CartBatchResult>;

export const CartDeleteResult = z.object({ deleted: z.number().int() });
export type CartDeleteResult = z.infer<typeof CartDeleteResult>;

/** Lines eligible for select-all: not delisted (spec.md section 4). */
export function isSelectable(item: Pick<CartItem, 'is_delisting'>): boolean {
  return item.is_delisting !== 1;
}
