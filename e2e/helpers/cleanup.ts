import type { AddressItem, AddressList } from '@shop/core/api/address';
import type { CartItem, CartList } from '@shop/core/api/cart';
import type { Page } from 'playwright-core';
import { apiAs } from './session';

/**
 * Giving back what a test created in the shared shop (./shop.ts), through the API with the page's
 * login, so that no other file sees it. Called from onTestFinished, so it runs after a failure too.
 */

/** Deletes the company's cart lines of these parts. */
export async function removeCartLines(page: Page, shopUrl: string, productIds: readonly number[]): Promise<void> {
  const lines = (await apiAs<CartList>(page, shopUrl, '/api/Shop.Cart/getList', {})).cart_list;
  const ids = lines.filter((l) => productIds.includes(l.product_id)).map((l) => l.pd_cart_id);
  if (ids.length > 0) await apiAs(page, shopUrl, '/api/Shop.Cart/delete', { pd_cart_ids: ids.join(',') });
}

/** Deletes the company's cart lines that are not in `before`. */
export async function removeNewCartLines(page: Page, shopUrl: string, before: readonly CartItem[]): Promise<void> {
  const lines = (await apiAs<CartList>(page, shopUrl, '/api/Shop.Cart/getList', {})).cart_list;
  const ids = lines.filter((l) => !before.some((b) => b.pd_cart_id === l.pd_cart_id)).map((l) => l.pd_cart_id);
  if (ids.length > 0) await apiAs(page, shopUrl, '/api/Shop.Cart/delete', { pd_cart_ids: ids.join(',') });
}

/**
 * Deletes the company's addresses that are not in `before` and sets the default flags of `before`
 * again (a new default address takes the flag from the old one).
 */
export async function restoreAddresses(page: Page, shopUrl: string, before: readonly AddressItem[]): Promise<void> {
  const now = (await apiAs<AddressList>(page, shopUrl, '/api/Shop.Address/getAddress')).list;
  for (const a of now) {
    if (!before.some((b) => b.address_id === a.address_id))
      await apiAs(page, shopUrl, '/api/Shop.Address/delete', { address_id: a.address_id });
  }
  for (const b of before) {
    const a = now.find((x) => x.address_id === b.address_id);
    for (const [warehouse, flag] of [
      [1, 'is_main'],
      [2, 'other_is_main'],
    ] as const) {
      if (a && a[flag] !== b[flag])
        await apiAs(
          page,
          shopUrl,
          `/api/Shop.Address/setDefault?address_id=${b.address_id}&warehouse_type=${warehouse}&is_default=${b[flag]}`,
        );
    }
  }
}
