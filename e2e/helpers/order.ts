import type { AddressList } from '@shop/core/api/address';
import type { CartLineResult } from '@shop/core/api/cart';
import type { AddOrderResponse } from '@shop/core/api/orders';
import type { ProductRow } from '@shop/core/api/parts';
import type { Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { findDemoPartsByStock, orderableNotInCart } from './catalog';
import { removeCartLines } from './cleanup';
import { apiAs } from './session';

/** Which demo part a journey puts in the cart, and how many. */
export interface DemoPartInStock {
  /** The page of product_list to look from (each file keeps to pages no other file takes from). */
  from: number;
  /** The parts it may take; orderableNotInCart when not given. */
  matches?: (row: ProductRow) => boolean;
  /** The warehouse stock the part must have. */
  stock: (stock: { frey_stock: number; beijing_stock: number }) => boolean;
  /** The error when the demo data has no such part. */
  missing: string;
  /** How many to put in the cart, or how many of the part found. */
  quantity: number | ((part: ProductRow) => number);
  /** The cart line's warehouse, when the journey names one. */
  warehouse?: 1 | 2;
}

/**
 * A dealer puts the first demo part that `want` describes in the company's cart, through the API
 * with the page's login (the journeys are about what follows). The cart line is deleted when the
 * test finishes, after a failure too (an ordered line is gone by then).
 */
export async function cartDemoPartInStock(
  page: Page,
  shopUrl: string,
  want: DemoPartInStock,
): Promise<{ part: ProductRow; line: CartLineResult }> {
  const [part] = await findDemoPartsByStock(
    page,
    shopUrl,
    { count: 1, from: want.from },
    want.matches ?? orderableNotInCart,
    want.stock,
    want.missing,
  );
  onTestFinished(() => removeCartLines(page, shopUrl, [part!.product_id]));
  const line = await apiAs<CartLineResult>(page, shopUrl, '/api/Shop.Cart/add', {
    product_id: part!.product_id,
    quantity: typeof want.quantity === 'number' ? want.quantity : want.quantity(part!),
    ...(want.warehouse ? { warehouse_type: want.warehouse } : {}),
  });
  return { part: part!, line };
}

/**
 * A dealer orders a demo part (cartDemoPartInStock) to the company's main address, through the
 * API; the idempotency key is `key` and the time.
 */
export async function orderDemoPartInStock(
  page: Page,
  shopUrl: string,
  want: DemoPartInStock & { key: string },
): Promise<{ part: ProductRow; order: AddOrderResponse }> {
  const { part, line } = await cartDemoPartInStock(page, shopUrl, want);
  const address = (await apiAs<AddressList>(page, shopUrl, '/api/Shop.Address/getAddress')).list.find(
    (a) => a.is_main === 1,
  );
  const order = await apiAs<AddOrderResponse>(page, shopUrl, '/api/Shop.Order/add', {
    pd_cart_ids: String(line.pd_cart_id),
    address_id: address!.address_id,
    idempotency_key: `${want.key}-${Date.now()}`,
  });
  return { part, order };
}
