import type { CartItem } from '@shop/core/api/cart';
import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import { testProductRow, testProfile } from '../fixtures';

/**
 * Factories of the answers the stub server gives: one per domain, each with defaults a test
 * overrides for what it is about.
 */
export const makeProfile = (over: Partial<UserProfile> = {}): UserProfile => testProfile(over);

export const makePartRow = (id: number, over: Partial<ProductRow> = {}): ProductRow => testProductRow(id, over);

/** A page of rows as the list calls answer it. */
export function makePage<T>(list: T[], page = 1, limit = 10, total = list.length) {
  return { total, page, limit, list };
}

export const partFactory = {
  row: makePartRow,
  page: (rows: ProductRow[], page = 1, limit = 10): ProductRowPage => makePage(rows, page, limit),
};

/** A cart line (getList's cart_list) in Guangzhou. */
export function makeCartLine(id: number, over: Partial<CartItem> = {}): CartItem {
  return {
    pd_cart_id: id,
    product_id: 100 + id,
    frey_no: `FR-${id}`,
    number: `OE-${id}`,
    l_name_zh: `配件${id}`,
    l_model_zh: '宝马 5系',
    pic: '',
    price: '10.10',
    quantity: 2,
    tootal_price: '20.20',
    warehouse_type: 1,
    stock: 5,
    beijing_stock: 0,
    is_delisting: 0,
    is_orderable: 1,
    is_coming_soon: 0,
    user_name: 'demo',
    created_at: '2026-11-22T00:00:00.000Z',
    ...over,
  };
}
