import { isSelectable, sumMoney, type CartItem } from '@shop/core/api/cart';
import type { RepurchaseLine } from '../../entities/cart/cart-queries';

/**
 * The cart's checked flags (spec.md section 4 'Cart checked flag'), kept on the client only as
 * a set of pd_cart_ids so they survive refreshes.
 */
export type Checked = ReadonlySet<number>;

/** A line may be checked when it can be ordered (a line no longer orderable cannot be settled). */
export function isCheckable(item: CartItem): boolean {
  return item.is_orderable === 1;
}

/**
 * The flags after a refresh: kept by id for the lines still there; in a buy-again refresh only
 * the lines matching the repurchase list (by product, and by warehouse with two warehouses).
 */
export function reconcileChecked(
  previous: Checked,
  items: readonly CartItem[],
  repurchase?: readonly RepurchaseLine[],
  twoWarehouses = false,
): Set<number> {
  if (repurchase) {
    const matches = (item: CartItem) =>
      repurchase.some(
        (r) =>
          r.product_id === item.product_id &&
          (!twoWarehouses || r.warehouse_type === undefined || r.warehouse_type === item.warehouse_type),
      );
    return new Set(items.filter((i) => isCheckable(i) && matches(i)).map((i) => i.pd_cart_id));
  }
  return new Set(items.filter((i) => previous.has(i.pd_cart_id) && isCheckable(i)).map((i) => i.pd_cart_id));
}

/** Lines select-all covers: orderable and not delisted. */
export function selectAllTargets(items: readonly CartItem[]): CartItem[] {
  return items.filter((i) => isSelectable(i) && isCheckable(i));
}

export function toggleOne(checked: Checked, id: number, on: boolean): Set<number> {
  const next = new Set(checked);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Select-all on checks every target (delisted lines already checked stay); off clears all. */
export function toggleAll(checked: Checked, items: readonly CartItem[], on: boolean): Set<number> {
  if (!on) return new Set();
  return new Set([...checked, ...selectAllTargets(items).map((i) => i.pd_cart_id)]);
}

/** The select-all box: checked when every target is, indeterminate when some lines are. */
export function selectAllState(
  checked: Checked,
  items: readonly CartItem[],
): { checked: boolean; indeterminate: boolean } {
  const targets = selectAllTargets(items);
  const all = targets.length > 0 && targets.every((i) => checked.has(i.pd_cart_id));
  const some = items.some((i) => checked.has(i.pd_cart_id));
  return { checked: all, indeterminate: some && !all };
}

export interface CheckedSummary {
  lines: CartItem[];
  kinds: number;
  quantity: number;
  /** Sum of the checked lines' totals, 2 decimals. */
  total: string;
}

export function checkedSummary(checked: Checked, items: readonly CartItem[]): CheckedSummary {
  const lines = items.filter((i) => checked.has(i.pd_cart_id));
  return {
    lines,
    kinds: lines.length,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
    total: sumMoney(lines.map((l) => l.tootal_price)),
  };
}
