import type { AddressItem } from '@shop/core/api/address';
import { sumMoney } from '@shop/core/api/cart-rules';
import type { CartItem } from '@shop/core/api/cart';
import { WAREHOUSE_NAMES } from '@shop/core/constants';

/** The settlement page's rules (spec.md sections 3 and 4): lines per warehouse, default addresses, totals. */

export interface WarehouseGroup {
  warehouse: 1 | 2;
  label: string;
  lines: CartItem[];
  quantity: number;
  total: string;
}

/** The chosen cart lines (in cart order) that can be ordered. */
export function chosenLines(items: readonly CartItem[], ids: readonly number[]): CartItem[] {
  const wanted = new Set(ids);
  return items.filter((i) => wanted.has(i.pd_cart_id) && i.quantity > 0 && i.is_orderable === 1);
}

export function groupByWarehouse(lines: readonly CartItem[]): WarehouseGroup[] {
  return ([1, 2] as const)
    .map((warehouse) => {
      const mine = lines.filter((l) => l.warehouse_type === warehouse);
      return {
        warehouse,
        label: WAREHOUSE_NAMES[warehouse],
        lines: mine,
        quantity: mine.reduce((n, l) => n + l.quantity, 0),
        total: sumMoney(mine.map((l) => l.tootal_price)),
      };
    })
    .filter((g) => g.lines.length > 0);
}

/**
 * Default addresses: is_main for the Guangzhou lines, other_is_main for the Beijing lines
 * (falling back to the other default, then the first address).
 */
export function defaultAddressIds(list: readonly AddressItem[]): { main?: number; other?: number } {
  const main = list.find((a) => a.is_main === 1);
  const other = list.find((a) => a.other_is_main === 1);
  const first = list[0];
  return { main: (main ?? other ?? first)?.address_id, other: (other ?? main ?? first)?.address_id };
}

export function addressText(a: Pick<AddressItem, 'province' | 'city' | 'district' | 'street'>): string {
  return `${a.province}${a.city === a.province ? '' : a.city}${a.district}${a.street}`;
}

export function orderTotals(lines: readonly CartItem[]): { kinds: number; quantity: number; total: string } {
  return {
    kinds: lines.length,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
    total: sumMoney(lines.map((l) => l.tootal_price)),
  };
}
