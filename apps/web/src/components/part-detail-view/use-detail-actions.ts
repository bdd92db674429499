import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductRow } from '@shop/core/api/parts';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { patchCachedPartRows } from '../../lib/part-row-cache';
import {
  FAVOURITE_OFF_TEXT,
  FAVOURITE_ON_TEXT,
  RESTOCK_OK_TEXT,
  RESTOCK_REPEATED_TEXT,
  TOO_FREQUENT_TEXT,
} from '../part-row/part-row';
import { applyForReplenishment, getProductStock, toggleFavourite } from '../part-row/part-row-api';

type Action = 'favourite' | 'stock' | 'restock';

/**
 * The favourite, view-stock and restock actions of the detail, with the part row's texts and
 * rules. Each updates the cached detail and lists (part-row-cache.ts) so every view of the part
 * agrees; a favourite request in flight refuses a second click ('请求过于频繁').
 */
export function useDetailActions(productId: number, onFavouriteChange?: (isSub: 0 | 1) => void) {
  const queryClient = useQueryClient();
  // The detail and every cached list showing the part (the row under a drawer too).
  const patch = (change: Partial<ProductRow>) => patchCachedPartRows(queryClient, productId, change);

  const busy = useRef<Record<Action, boolean>>({ favourite: false, stock: false, restock: false });
  const [pending, setPending] = useState<Record<Action, boolean>>({ favourite: false, stock: false, restock: false });
  const run = async (name: Action, work: () => Promise<void>, onError?: (err: unknown) => void) => {
    busy.current[name] = true;
    setPending((p) => ({ ...p, [name]: true }));
    try {
      await work();
    } catch (err) {
      // The api client has already shown the error.
      onError?.(err);
    } finally {
      busy.current[name] = false;
      setPending((p) => ({ ...p, [name]: false }));
    }
  };

  const restock = async (isApply: number) => {
    if (isApply === 1) {
      notify.error(RESTOCK_REPEATED_TEXT);
      return;
    }
    if (busy.current.restock) return;
    await run(
      'restock',
      async () => {
        await applyForReplenishment(productId);
        patch({ is_apply: 1 });
        notify.success(RESTOCK_OK_TEXT);
      },
      // Refused as a repeat: an alert is already open, show it as reminded.
      (err) => err instanceof ApiError && err.message === RESTOCK_REPEATED_TEXT && patch({ is_apply: 1 }),
    );
  };

  return {
    pending,
    toggleFavourite: async () => {
      if (busy.current.favourite) {
        notify.error(TOO_FREQUENT_TEXT);
        return;
      }
      await run('favourite', async () => {
        const { is_sub } = await toggleFavourite(productId);
        patch({ is_sub });
        notify.success(is_sub === 1 ? FAVOURITE_ON_TEXT : FAVOURITE_OFF_TEXT);
        onFavouriteChange?.(is_sub);
      });
    },
    /**
     * 'view stock': the exact figures from the stock call; when the part has no stock the
     * account can order (my_stock) a restock alert goes out by itself (spec.md section 4).
     */
    viewStock: async (isApply: number) => {
      if (busy.current.stock) return;
      let orderable = 1;
      await run('stock', async () => {
        const stock = await getProductStock(productId);
        patch({
          is_view_stock: 1,
          frey_stock: stock.frey_stock,
          beijing_stock: stock.beijing_stock,
          available_stock: stock.available_stock,
          my_stock: stock.my_stock,
          stock_zaitu: stock.stock_zaitu,
        });
        orderable = stock.my_stock;
      });
      if (orderable <= 0 && isApply !== 1) await restock(isApply);
    },
    restock,
  };
}
