import type { QueryClient } from '@tanstack/react-query';
import type { ProductRow } from '@shop/core/api/parts';

/**
 * A part's row fields changed on the server (favourite, restock alert, view stock) through one
 * view of it: a row, the detail or its drawer. Every cached answer that shows the part is patched
 * the same way, so that another list, the same list after a tab switch or 'back', and the row
 * under the drawer all agree with the server without loading again.
 *
 * A favourite or an alert may also add the part to a list that does not hold it yet ('我的收藏',
 * '我的到货通知'): the paged lists are marked stale, and load again the next time they are shown
 * (the list on screen keeps its rows; a multi-number result, patched, is not loaded again).
 */
export function patchCachedPartRows(client: QueryClient, productId: number, patch: Partial<ProductRow>): void {
  const membership = 'is_sub' in patch || 'is_apply' in patch;
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    const next = patchAnswer(data, productId, patch);
    if (next !== data) client.setQueryData(query.queryKey, next);
    if (membership && isRowPage(data)) {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
    }
  }
}

type Row = Pick<ProductRow, 'product_id' | 'frey_no'>;

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && 'product_id' in value && 'frey_no' in value;
}

function isRowPage(data: unknown): data is { total: number; list: unknown[] } {
  return typeof data === 'object' && data !== null && 'total' in data && 'list' in data && Array.isArray(data.list);
}

/** The rows with the part's patched; the same array when the part is not among them. */
function patchRows(list: unknown[], productId: number, patch: Partial<ProductRow>): unknown[] {
  let changed = false;
  const next = list.map((row) => {
    if (!isRow(row) || row.product_id !== productId) return row;
    changed = true;
    return { ...row, ...patch };
  });
  return changed ? next : list;
}

/** A cached answer with the part patched: a page of rows, a multi-number result or a detail. */
function patchAnswer(data: unknown, productId: number, patch: Partial<ProductRow>): unknown {
  if (typeof data !== 'object' || data === null) return data;
  if ('list' in data && Array.isArray(data.list)) {
    const list = patchRows(data.list, productId, patch);
    return list === data.list ? data : { ...data, list };
  }
  if ('groups' in data && Array.isArray(data.groups)) {
    let changed = false;
    const groups = data.groups.map((group: unknown) => {
      if (typeof group !== 'object' || group === null || !('list' in group) || !Array.isArray(group.list)) return group;
      const list = patchRows(group.list, productId, patch);
      if (list === group.list) return group;
      changed = true;
      return { ...group, list };
    });
    return changed ? { ...data, groups } : data;
  }
  if (isRow(data) && data.product_id === productId) return { ...data, ...patch };
  return data;
}
