import type { ProductRow } from '@shop/core/api/parts';
import { rowCartBlocked } from '@shop/core/part-display';
import type { BrandVariant } from '@shop/core/brand-variants';
import { variant as pageVariant } from '../../lib/brand';

type Rules = Pick<BrandVariant, 'delistingNotice'>;

/**
 * Rows select-all ticks: every row with cart controls. A row showing '即将下架' instead
 * (rowCartBlocked) is skipped; a delisting row a dealer can still order is ticked, so a quotation
 * copied after select-all holds every part the dealer sees with a price and a cart button.
 */
export function selectableIds(rows: readonly ProductRow[], variant: Rules = pageVariant): number[] {
  return rows.filter((r) => !rowCartBlocked(variant, r)).map((r) => r.product_id);
}

export type SelectAllState = 'none' | 'some' | 'all';

/** 'all' when every selectable row is ticked, 'some' when any row is, else 'none'. */
export function selectAllState(
  rows: readonly ProductRow[],
  selected: ReadonlySet<number>,
  variant: Rules = pageVariant,
): SelectAllState {
  const ids = selectableIds(rows, variant);
  const any = rows.some((r) => selected.has(r.product_id));
  if (ids.length > 0 && ids.every((id) => selected.has(id))) return 'all';
  return any ? 'some' : 'none';
}

/** Ticking select-all adds every selectable row; unticking clears the rows of this group. */
export function toggleAll(
  rows: readonly ProductRow[],
  selected: ReadonlySet<number>,
  check: boolean,
  variant: Rules = pageVariant,
): Set<number> {
  const next = new Set(selected);
  if (check) for (const id of selectableIds(rows, variant)) next.add(id);
  else for (const r of rows) next.delete(r.product_id);
  return next;
}
