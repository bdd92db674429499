import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductRow } from '@shop/core/api/parts';
import type { WarehouseId } from '@shop/core/constants';
import { restockOffered } from '@shop/core/part-display';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useVariant } from '../../lib/variant-context';
import { useAddToCart } from '../cart/cart-queries';
import { applyForReplenishment, getProductStock, toggleFavourite } from './part-api';
import { invalidateParts } from './part-queries';

export const FAVOURITE_ON_TEXT = '收藏成功';
export const FAVOURITE_OFF_TEXT = '已取消收藏';
export const TOO_FREQUENT_TEXT = '请求过于频繁';
export const RESTOCK_OK_TEXT = '提交成功';
export const RESTOCK_REPEATED_TEXT = '已提交，不能重复提交';

/** The fields of a part (a row or a detail) its actions read and change. */
export type ActionPart = Pick<
  ProductRow,
  | 'product_id'
  | 'is_sub'
  | 'is_apply'
  | 'is_view_stock'
  | 'my_stock'
  | 'is_delisting'
  | 'is_orderable'
  | 'is_coming_soon'
  | 'cart_number'
>;

export interface PartActionsOptions {
  /** A field changed on the server through these actions (a list may drop the part). */
  onChanged?: (productId: number, patch: Partial<ProductRow>) => void;
}

/**
 * The actions of one part, for its row and its detail alike (spec.md section 4 'Favourite',
 * 'Stock display', 'Restock alert', 'Cart quantity'): favourite, view stock (then a restock alert
 * by itself when the account cannot order any), restock alert and add to cart, each on
 * useMutation. The caller renders `part`: the part with what the actions changed, shown at once;
 * each success also invalidates the part entity (['part'] prefix, decision 0033) so every other
 * view of the part loads the server's state. A field the caller's part brings anew (a list loaded
 * again) wins over the local change. Errors are toasted once by the mutation cache.
 */
export function usePartActions<T extends ActionPart>(source: T, options: PartActionsOptions = {}) {
  const variant = useVariant();
  const queryClient = useQueryClient();
  const [patch, setPatch] = useState<Partial<ProductRow>>({});
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    setPatch((prev) => withoutChangedFields(prev, seen, source));
  }
  const part: T = { ...source, ...patch };
  const id = part.product_id;
  const onChangedRef = useRef(options.onChanged);
  onChangedRef.current = options.onChanged;

  const apply = (change: Partial<ProductRow>) => {
    setPatch((prev) => ({ ...prev, ...change }));
    void invalidateParts(queryClient);
    onChangedRef.current?.(id, change);
  };

  // A click in the same moment as the first sees no pending state yet: refs say what is on its
  // way, set when the action starts and cleared when its mutation settles.
  const inFlight = useRef({ favourite: false, stock: false, restock: false });
  const start = (name: keyof typeof inFlight.current, mutate: () => void) => {
    inFlight.current[name] = true;
    mutate();
  };
  const settled = (name: keyof typeof inFlight.current) => () => {
    inFlight.current[name] = false;
  };

  const favourite = useMutation({
    mutationFn: () => toggleFavourite(id),
    onSettled: settled('favourite'),
    onSuccess: ({ is_sub }) => {
      apply({ is_sub });
      notify.success(is_sub === 1 ? FAVOURITE_ON_TEXT : FAVOURITE_OFF_TEXT);
    },
  });

  const restock = useMutation({
    mutationFn: () => applyForReplenishment(id),
    onSettled: settled('restock'),
    onSuccess: () => {
      apply({ is_apply: 1 });
      notify.success(RESTOCK_OK_TEXT);
    },
    // Refused as a repeat: an alert is already open, show the part as reminded. Other refusals
    // (e.g. the part has stock again) leave it as it is.
    onError: (err) => {
      if (err instanceof ApiError && err.kind === 'business' && err.message === RESTOCK_REPEATED_TEXT)
        apply({ is_apply: 1 });
    },
  });

  const requestRestock = () => {
    if (part.is_apply === 1) {
      notify.error(RESTOCK_REPEATED_TEXT);
      return;
    }
    if (!inFlight.current.restock) start('restock', () => restock.mutate());
  };

  const stock = useMutation({
    mutationFn: () => getProductStock(id),
    onSettled: settled('stock'),
    onSuccess: (figures) => {
      const { product_id: _ignored, ...fields } = figures;
      apply({ ...fields, is_view_stock: 1 });
      // An alert already open is not submitted again (no 'already submitted' error for a look).
      if (
        restockOffered(variant, { ...part, my_stock: figures.my_stock }) &&
        part.is_apply !== 1 &&
        !inFlight.current.restock
      )
        start('restock', () => restock.mutate());
    },
  });

  // Invalidates the cart and the part entity (cart_number) itself.
  const cart = useAddToCart();

  return {
    part,
    pending: {
      favourite: favourite.isPending,
      stock: stock.isPending,
      restock: restock.isPending,
      cart: cart.isPending,
    },
    /** A second click while the first is on its way is refused ('请求过于频繁'). */
    toggleFavourite: () => {
      if (inFlight.current.favourite) {
        notify.error(TOO_FREQUENT_TEXT);
        return;
      }
      start('favourite', () => favourite.mutate());
    },
    viewStock: () => {
      if (!inFlight.current.stock) start('stock', () => stock.mutate());
    },
    requestRestock,
    /**
     * Adds the quantity (1 when it is 0) to the warehouse; coming-soon parts carry
     * is_coming_soon=1 in the variant that asks for it. `part.cart_number` grows at once.
     */
    addToCart: (quantity: number, warehouse: WarehouseId) => {
      const added = quantity > 0 ? quantity : 1;
      const before = part.cart_number;
      cart.mutate(
        {
          product_id: id,
          quantity: added,
          warehouse_type: warehouse,
          is_coming_soon: variant.comingSoonCartFlag && part.is_coming_soon === 1 ? 1 : 0,
        },
        { onSuccess: () => setPatch((prev) => ({ ...prev, cart_number: (prev.cart_number ?? before) + added })) },
      );
    },
  };
}

export type PartActions = ReturnType<typeof usePartActions>;

/**
 * The local changes without the fields the source brought anew: a field of the part that
 * changed since the last render is newer than the local change of it (another view of the part
 * changed it, or its list loaded again).
 */
function withoutChangedFields<T extends object>(patch: Partial<ProductRow>, before: T, after: T): Partial<ProductRow> {
  const keys = Object.keys(patch) as (keyof ProductRow & keyof T)[];
  const stale = keys.filter((key) => !Object.is(before[key], after[key]));
  if (stale.length === 0) return patch;
  const next = { ...patch };
  for (const key of stale) delete next[key];
  return next;
}
