import type { BatchSearchGroup } from '@shop/core/api/bulk-search';
import type { MatchKind, ProductRow } from '@shop/core/api/parts';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { WarehouseId } from '@shop/core/constants';
import type { QuotationItem } from '@shop/core/quotation';
import { selectableIds } from '../../components/part-group/selection';

/**
 * Ticks and quantities of the multi-number result: one part group per searched line, so the
 * same part may show in two groups (the number typed twice); ticks are kept per group.
 */
export type GroupSelection = Readonly<Record<number, readonly number[]>>;
/** Quantity per `${group}:${product}`; a missing entry means the line's quantity. */
export type GroupQuantities = Readonly<Record<string, number>>;

export const quantityKey = (group: number, productId: number) => `${group}:${productId}`;

export interface SelectedItem {
  group: number;
  row: ProductRow;
  quantity: number;
}

/** The ticked rows in display order, with their quantities. */
export function selectedItems(
  groups: readonly BatchSearchGroup[],
  selection: GroupSelection,
  quantities: GroupQuantities,
): SelectedItem[] {
  const items: SelectedItem[] = [];
  groups.forEach((g, index) => {
    const ticked = new Set(selection[index] ?? []);
    for (const row of g.list) {
      if (!ticked.has(row.product_id)) continue;
      items.push({ group: index, row, quantity: quantities[quantityKey(index, row.product_id)] ?? g.quantity });
    }
  });
  return items;
}

/** The brand's rules select-all follows (a row showing 即将下架 is skipped). */
type SelectRules = Pick<BrandVariant, 'delistingNotice'>;

/** A group without ticks (one array, so an unticked group's props stay equal). */
export const NO_TICKS: readonly number[] = [];

/**
 * Every selectable row of every group (delisted rows skipped), or none. A group whose ticks stay
 * the same keeps its array from `previous`, so its (memo) part group does not re-render.
 */
export function selectAllGroups(
  groups: readonly BatchSearchGroup[],
  check: boolean,
  previous: GroupSelection,
  variant: SelectRules,
): GroupSelection {
  return Object.fromEntries(
    groups.map((g, i) => {
      const next = check ? selectableIds(g.list, variant) : NO_TICKS;
      const before = previous[i] ?? NO_TICKS;
      return [i, sameIds(before, next) ? before : next];
    }),
  );
}

/** The same ids in any order (a group's ticks hold no duplicates). */
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a === b || (a.length === b.length && b.every((id) => a.includes(id)));

/** How many rows 'select all' ticks (delisted rows skipped). */
export const selectableCount = (groups: readonly BatchSearchGroup[], variant: SelectRules) =>
  groups.reduce((n, g) => n + selectableIds(g.list, variant).length, 0);

/**
 * The page's select-all box: 'all' when every selectable row of every group is ticked (a row
 * showing 即将下架, which select-all skips, may still be ticked by hand: it counts for 'some', never
 * for 'all').
 */
export function allSelectState(
  groups: readonly BatchSearchGroup[],
  selection: GroupSelection,
  variant: SelectRules,
  selectable = selectableCount(groups, variant),
): 'none' | 'some' | 'all' {
  let ticked = 0;
  let tickedSelectable = 0;
  groups.forEach((g, index) => {
    const ids = selection[index] ?? NO_TICKS;
    if (ids.length === 0) return;
    ticked += ids.length;
    const chosen = new Set(ids);
    tickedSelectable += selectableIds(g.list, variant).filter((id) => chosen.has(id)).length;
  });
  if (ticked === 0) return 'none';
  return selectable > 0 && tickedSelectable >= selectable ? 'all' : 'some';
}

/** The quotation entries of the ticked rows for the chosen warehouse. */
export function quotationItems(items: readonly SelectedItem[], warehouse: WarehouseId): QuotationItem[] {
  return items.map(({ row, quantity }) => ({
    number: row.number,
    frey_no: row.frey_no,
    name: row.product_name || row.l_name_zh,
    brand_name: row.brand_name,
    prices: row.prices,
    quantity,
    stock: warehouse === 2 ? row.beijing_stock : row.frey_stock,
    // Only while the view-stock gate hides the figures: the chosen warehouse's state.
    stock_state: warehouse === 2 ? row.beijing_stock_state : row.stock_state,
  }));
}

/** The cart's batchAdd lines: rows with a quantity of at least 1, the same part merged. */
export function cartLines(
  items: readonly SelectedItem[],
  warehouse: WarehouseId,
  variant: Pick<BrandVariant, 'comingSoonCartFlag'>,
): { product_id: number; quantity: number; warehouse_type: WarehouseId; is_coming_soon: 0 | 1 }[] {
  const merged = new Map<
    number,
    { product_id: number; quantity: number; warehouse_type: WarehouseId; is_coming_soon: 0 | 1 }
  >();
  for (const { row, quantity } of items) {
    if (quantity < 1) continue;
    const seen = merged.get(row.product_id);
    if (seen) seen.quantity += quantity;
    else
      merged.set(row.product_id, {
        product_id: row.product_id,
        quantity,
        warehouse_type: warehouse,
        is_coming_soon: variant.comingSoonCartFlag && row.is_coming_soon === 1 ? 1 : 0,
      });
  }
  return [...merged.values()];
}

const KIND_TEXT: Partial<Record<MatchKind, string>> = {
  frey_no: '编码',
  oe: 'OE号',
  replacement: '替换号',
  old: '旧号',
  search: '通用号',
};

/** The caption of a line's group: how the number was answered. */
export function groupStatusText(group: BatchSearchGroup): string {
  switch (group.status) {
    case 'found':
      return '已找到';
    case 'cross':
      return `通过${KIND_TEXT[group.match_kind ?? 'search'] ?? '通用号'} ${group.matched_number} 找到`;
    case 'ambiguous': {
      // The line lists the first parts only (20) when the number is on more of them.
      const total = Math.max(group.total ?? 0, group.list.length);
      return total > group.list.length
        ? `找到 ${total} 个配件，显示前 ${group.list.length} 个，请选择`
        : `找到 ${total} 个配件，请选择`;
    }
    default:
      return '未找到商品';
  }
}
