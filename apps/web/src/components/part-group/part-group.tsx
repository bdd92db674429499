import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Checkbox, Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ProductRow } from '@shop/core/api/parts';
import { beijingWarehouseEnabled } from '@shop/core/brand-variants';
import { useVariant } from '../../lib/variant-context';
import { userQueries } from '../../entities/user/user-queries';
import { NotFoundRow } from '../part-row/not-found-row';
import { PartRow, type PartRowProps } from '../part-row/part-row';
import { selectAllState, toggleAll } from './selection';
import styles from './part-group.module.css';

/**
 * A table of part rows (spec.md section 2 'Part group'): a header with the select-all checkbox
 * (indeterminate when some rows are ticked; select-all skips delisted rows) and the columns
 * 选择, 图片, 编码, 信息, 属性, 价格, 库存, 操作.
 *
 * Usage: `<PartGroup rows={page.list} />` is enough; every row does its own favourite, view
 * stock and restock calls (see part-row.tsx). Optional:
 * - `selected` + `onSelectedChange`: control the ticked product ids (else kept inside);
 * - `notFound`: searched numbers without a match, shown first as red '未找到商品' rows;
 * - `routeName`: 'stock' on the stock-arrival page (lifts the view-stock gate);
 * - `onOpenDetail`: clicking a name (default: link to /parts/details?id=);
 * - `onChanged`, `onQuantityChange`: a row's server-side change / quantity input;
 * - `quantities`: starting quantity per product id (default 0).
 *
 * PartGroup and PartRow are memo: a page with many groups (the multi-number result) re-renders
 * only the groups whose props changed, so keep `selected`, `notFound`, `quantities` and the
 * callbacks referentially stable for unchanged groups.
 */
export interface PartGroupProps extends Pick<
  PartRowProps,
  'routeName' | 'onOpenDetail' | 'onChanged' | 'onQuantityChange'
> {
  rows: ProductRow[];
  notFound?: readonly string[];
  selected?: readonly number[];
  onSelectedChange?: (ids: number[]) => void;
  loading?: boolean;
  /** Shown when there are no rows and no not-found numbers. */
  emptyText?: ReactNode;
  quantities?: Readonly<Record<number, number>>;
}

export const PART_GROUP_COLUMNS = ['选择', '图片', '编码', '信息', '属性', '价格', '库存', '操作'] as const;

export const PartGroup = memo(function PartGroup({
  rows,
  notFound = NONE,
  selected,
  onSelectedChange,
  loading,
  emptyText = '暂无配件',
  quantities,
  ...rowProps
}: PartGroupProps) {
  const [own, setOwn] = useState<readonly number[]>(NONE);
  const current = selected ?? own;
  const ids = useMemo(() => new Set(current), [current]);
  const variant = useVariant();
  const { data: user } = useQuery(userQueries.info());
  const showBeijing = beijingWarehouseEnabled(variant, user?.is_regional_warehouse ?? 0);

  const setIds = useCallback(
    (next: Set<number>) => {
      const list = [...next];
      if (selected === undefined) setOwn(list);
      onSelectedChange?.(list);
    },
    [selected, onSelectedChange],
  );
  // One callback for every row, new only when this group's ticks change.
  const onCheckedChange = useCallback(
    (check: boolean, productId: number) => {
      const next = new Set(ids);
      if (check) next.add(productId);
      else next.delete(productId);
      setIds(next);
    },
    [ids, setIds],
  );
  const state = selectAllState(rows, ids, variant);
  const empty = rows.length === 0 && notFound.length === 0;

  return (
    <Spin spinning={Boolean(loading)}>
      <table className={styles.table}>
        {COLUMNS}
        <thead>
          <tr>
            <th className={styles.selectHead}>
              <Checkbox
                aria-label="全选"
                checked={state === 'all'}
                indeterminate={state === 'some'}
                disabled={rows.length === 0}
                onChange={(e) => setIds(toggleAll(rows, ids, e.target.checked, variant))}
              />
            </th>
            {HEAD_TITLES}
          </tr>
        </thead>
        <tbody>
          {notFound.map((number) => (
            <NotFoundRow key={`nf-${number}`} number={number} />
          ))}
          {rows.map((row) => (
            <PartRow
              key={row.product_id}
              row={row}
              checked={ids.has(row.product_id)}
              onCheckedChange={onCheckedChange}
              showBeijing={showBeijing}
              initialQuantity={quantities?.[row.product_id]}
              {...rowProps}
            />
          ))}
          {empty && !loading && (
            <tr>
              <td colSpan={PART_GROUP_COLUMNS.length}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </Spin>
  );
});

const NONE: readonly never[] = [];

// The static parts of the table, built once so a re-rendering group skips them.
const COLUMNS = (
  <colgroup>
    <col className={styles.colSelect} />
    <col className={styles.colPicture} />
    <col className={styles.colCodes} />
    <col />
    <col className={styles.colAttributes} />
    <col className={styles.colPrices} />
    <col className={styles.colStock} />
    <col className={styles.colActions} />
  </colgroup>
);
const HEAD_TITLES = PART_GROUP_COLUMNS.slice(1).map((title) => <th key={title}>{title}</th>);
