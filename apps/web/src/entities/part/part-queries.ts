import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ProductDetail } from '@shop/core/api/parts';
import { apiGet } from '../../lib/api-client';

/**
 * The part entity (spec.md sections 2 and 4): every answer that holds part rows or a part's
 * detail is cached under the one key root ['part'], whichever feature asks for it: the detail
 * (['part', 'detail', id]) and the lists of rows (['part', 'rows', <feature>, ...]: search,
 * categories, VIN, favourites, stock arrivals, history ...). A part action (favourite, view
 * stock, restock alert, add to cart) changes row fields on the server; `invalidateParts` then
 * asks the shown answers again and marks the others stale (decision 0033), so every view of the
 * part agrees with the server without patching cached answers by hand.
 */
export const partKeys = {
  all: () => ['part'] as const,
  detail: (id: number) => [...partKeys.all(), 'detail', id] as const,
  /** A feature's list of part rows: `partKeys.rows('catalog', 'search', {...})`. */
  rows: <T extends readonly unknown[]>(...scope: T) => [...partKeys.all(), 'rows', ...scope] as const,
};

export const partQueries = {
  /** GET getDetail. The detail shows its own not-found and error states, so it does not toast. */
  detail: (id: number) =>
    queryOptions({
      queryKey: partKeys.detail(id),
      queryFn: ({ signal }) => apiGet<ProductDetail>('/api/Shop.Accessories/getDetail', { id }, { signal }),
      staleTime: 30_000,
      meta: { showError: false },
    }),
};

/**
 * After a part action: the part answers on screen load again (refetchType 'active'), the others
 * are marked stale and load again when next shown. An answer that is costly to ask again (meta
 * `refetchOnPartChange: false`, the multi-number result) is only marked stale: its rows show
 * the change themselves (usePartActions).
 */
export async function invalidateParts(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({
      queryKey: partKeys.all(),
      predicate: (query) => query.meta?.refetchOnPartChange !== false,
      refetchType: 'active',
    }),
    client.invalidateQueries({
      queryKey: partKeys.all(),
      predicate: (query) => query.meta?.refetchOnPartChange === false,
      refetchType: 'none',
    }),
  ]);
}
