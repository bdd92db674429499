import type { ProductRow } from '@shop/core/api/parts';

/** Rows select-all ticks: delisted rows (is_delisting) are skipped (spec.md section 4). */
export function selectableIds(rows: readonly ProductRow[]): number[] {
  return rows.filter((r) => r.is_delisting !== 1).map((r) => r.product_id);
}

export type SelectAllState = 'none' | 'some' | 'all';

/** 'all' when every selectable row is ticked, 'some' when any row is, else 'none'. */
export function selectAllState(rows: readonly ProductRow[], selected: ReadonlySet<number>): SelectAllState {
  const ids = selectableIds(rows);
  const any = rows.some((r) => selected.has(r.product_id));
  if (ids.length > 0 && ids.every((id) => selected.has(id))) return 'all';
  return any ? 'some' : 'none';
}

/** Ticking select-all adds every selectable row; unticking clears the rows of this group. */
export function toggleAll(rows: readonly ProductRow[], selected: ReadonlySet<number>, check: boolean): Set<number> {
  const next = new Set(selected);
  if (check) for (const id of selectableIds(rows)) next.add(id);
  else for (const r of rows) next.delete(r.product_id);
  return next;
}
