import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { App, Button, Checkbox, Result, Spin } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { BatchSearchGroup } from '@shop/core/api/bulk-search';
import { multiNumberBadQuantityText } from '@shop/core/multi-number';
import { QUOTATION_NONE_SELECTED_TEXT, quotationCopiedText, quotationText } from '@shop/core/quotation';
import { LoadError } from '../../components/load-error/load-error';
import { PartGroup } from '../../components/part-group/part-group';
import { COPY_FAILED_TEXT, copyText } from '../../components/part-row/copy-text';
import { useShippingWarehouse, WarehousePicker } from '../../components/warehouse-picker/warehouse-picker';
import { isRefusal } from '../../lib/api-client';
import { useVariant } from '../../lib/variant-context';
import { useBatchAddToCart } from '../../entities/cart/cart-queries';
import { catalogQueries } from './api/catalog-queries';
import { compactKeyword } from './search-result';
import {
  allSelectState,
  cartLines,
  groupStatusText,
  NO_TICKS,
  quantityKey,
  quotationItems,
  selectableCount,
  selectAllGroups,
  selectedItems,
  type GroupQuantities,
  type GroupSelection,
} from './multi-number-selection';
import styles from './components/catalog.module.css';
import own from './multi-number-result.module.css';

/**
 * The result of a multi-number search (/parts/result with a keyword of several lines): one part
 * group per searched line in input order, each with its caption (found / through which cross
 * reference / several parts / not found — the red row), quantities pre-filled from '=quantity',
 * rows tickable per group and all at once; the warehouse picker with 'one-click copy quotation',
 * and 'add ticked rows to cart' (the cart's batchAdd).
 */
export function MultiNumberResult({ keyword, t }: { keyword: string; t: string }) {
  const { message } = App.useApp();
  const variant = useVariant();
  const { warehouse } = useShippingWarehouse();
  // A text too long for the address (rows pasted with their descriptions) is replaced by the
  // numbers it holds before it is searched, so that a reload of the page still works.
  const [, setParams] = useSearchParams();
  const compact = useMemo(() => compactKeyword(keyword, variant), [keyword, variant]);
  useEffect(() => {
    if (compact === null) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('keyword', compact);
        return next;
      },
      { replace: true },
    );
  }, [compact, setParams]);
  const query = useQuery({ ...catalogQueries.batchSearch(keyword, warehouse, t), enabled: compact === null });
  const [selection, setSelection] = useState<GroupSelection>({});
  const [quantities, setQuantities] = useState<GroupQuantities>({});
  const addToCart = useBatchAddToCart();
  const groups = useMemo(() => query.data?.groups ?? [], [query.data]);
  // Up to 500 groups: the first ones (more than a screenful) paint at once, the rest in small
  // slices, each a short task, so a tick or a keystroke is answered while the page fills.
  const [shown, setShown] = useState(FIRST_SLICE);
  useEffect(() => {
    if (shown >= groups.length) return;
    const timer = window.setTimeout(() => setShown((n) => n + NEXT_SLICE), 0);
    return () => window.clearTimeout(timer);
  }, [shown, groups.length]);
  const items = useMemo(() => selectedItems(groups, selection, quantities), [groups, selection, quantities]);
  const selectable = useMemo(() => selectableCount(groups, variant), [groups, variant]);
  // Stable callbacks and per-group selection slices: a tick re-renders only its own line's group
  // (LineGroup, PartGroup and PartRow are memo); a quantity re-renders no group.
  const onSelectedChange = useCallback(
    (index: number, ids: number[]) => setSelection((s) => ({ ...s, [index]: ids })),
    [],
  );
  const onQuantityChange = useCallback(
    (index: number, productId: number, quantity: number) =>
      setQuantities((q) => ({ ...q, [quantityKey(index, productId)]: quantity })),
    [],
  );
  const allState = allSelectState(groups, selection, variant, selectable);

  const copyQuotation = async () => {
    if (items.length === 0) {
      void message.warning(QUOTATION_NONE_SELECTED_TEXT);
      return;
    }
    const text = quotationText(quotationItems(items, warehouse), warehouse);
    if (await copyText(text)) void message.success(quotationCopiedText(items.length));
    else void message.error(COPY_FAILED_TEXT);
  };

  const addTicked = () => {
    if (items.length === 0) {
      void message.warning(QUOTATION_NONE_SELECTED_TEXT);
      return;
    }
    const list = cartLines(items, warehouse, variant);
    if (list.length === 0) {
      void message.warning('所选配件的数量都为 0，请先填写数量');
      return;
    }
    addToCart.mutate({ list });
  };

  if (query.isError && !query.data) {
    // A refusal (more than 500 numbers, a number too long) says what to change in the box at the
    // side: asking again would be refused again.
    if (isRefusal(query.error)) {
      return <Result status="warning" title={CANNOT_SEARCH_TEXT} subTitle={query.error.message} />;
    }
    return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  return (
    <div className={styles.section}>
      <div className={own.toolbar} data-testid="multi-number-toolbar">
        <Checkbox
          aria-label="全选全部结果"
          checked={allState === 'all'}
          indeterminate={allState === 'some'}
          disabled={groups.every((g) => g.list.length === 0)}
          onChange={(e) => {
            const check = e.target.checked;
            setSelection((s) => selectAllGroups(groups, check, s, variant));
          }}
        >
          全选
        </Checkbox>
        <span className={own.summary}>
          {query.data
            ? `共 ${groups.length} 个编号：找到 ${query.data.found} 个，未找到 ${query.data.not_found} 个；已选 ${items.length} 项`
            : '查询中…'}
        </span>
        <div className={own.actions}>
          <WarehousePicker selectedCount={items.length} onCopyQuotation={() => void copyQuotation()} />
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            loading={addToCart.isPending}
            onClick={addTicked}
            data-testid="add-ticked-to-cart"
          >
            加入购物车（{items.length}）
          </Button>
        </div>
      </div>
      <Spin spinning={query.isPending || (query.isFetching && query.isPlaceholderData)}>
        <div className={own.groups}>
          {groups.slice(0, shown).map((group, index) => (
            <LineGroup
              key={`${index}-${group.line}`}
              index={index}
              group={group}
              selected={selection[index] ?? NO_TICKS}
              onSelectedChange={onSelectedChange}
              onQuantityChange={onQuantityChange}
            />
          ))}
          {query.isPending && <div className={own.placeholder} />}
        </div>
      </Spin>
    </div>
  );
}

export const CANNOT_SEARCH_TEXT = '无法查询';

const NO_NUMBERS: readonly string[] = [];
/** Groups rendered in the first paint (more than a screenful), then per slice. */
const FIRST_SLICE = 12;
const NEXT_SLICE = 24;

const LineGroup = memo(function LineGroup({
  index,
  group,
  selected,
  onSelectedChange,
  onQuantityChange,
}: {
  index: number;
  group: BatchSearchGroup;
  selected: readonly number[];
  onSelectedChange: (index: number, ids: number[]) => void;
  onQuantityChange: (index: number, productId: number, quantity: number) => void;
}) {
  const quantities = useMemo(() => Object.fromEntries(group.list.map((r) => [r.product_id, group.quantity])), [group]);
  const notFound = useMemo(() => (group.status === 'not_found' ? [group.number] : NO_NUMBERS), [group]);
  const onSelected = useCallback((ids: number[]) => onSelectedChange(index, ids), [index, onSelectedChange]);
  const onQuantity = useCallback(
    (productId: number, quantity: number) => onQuantityChange(index, productId, quantity),
    [index, onQuantityChange],
  );
  return (
    <section className={own.group} data-testid={`line-group-${group.line}`} data-status={group.status}>
      <header className={`${own.caption} ${own[group.status] ?? ''}`}>
        <span className={own.lineNo}>第 {group.line} 行</span>
        <span className={own.number}>{group.number}</span>
        <span className={own.quantity}>× {group.quantity}</span>
        {group.bad_quantity !== undefined && (
          <span className={own.badQuantity}>{multiNumberBadQuantityText(group.bad_quantity)}</span>
        )}
        <span className={own.status}>{groupStatusText(group)}</span>
      </header>
      <PartGroup
        rows={group.list}
        notFound={notFound}
        selected={selected}
        onSelectedChange={onSelected}
        quantities={quantities}
        onQuantityChange={onQuantity}
      />
    </section>
  );
});
