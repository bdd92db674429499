import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductRow, ProductRowPage } from '@shop/core/api/parts';
import { useLastPageClamp, usePaging } from '../../lib/use-paging';
import { LoadError } from '../load-error/load-error';
import { DetailDrawer } from '../detail-drawer/detail-drawer';
import { PaginationBar } from '../pagination-bar/pagination-bar';
import { PartGroup } from '../part-group/part-group';
import styles from './part-list-panel.module.css';

export const EMPTY_LIST_TEXT = '暂无数据';

export interface PartListPanelProps<T extends ProductRow = ProductRow> {
  /** Key prefix of the list; page and size are appended. */
  queryKey: readonly unknown[];
  fetchPage: (page: number, limit: number, signal: AbortSignal) => Promise<ProductRowPage & { list: T[] }>;
  /** The route's name ('stock' on the stock-arrival page changes the stock display rules). */
  routeName?: string;
  /**
   * A row change after which the row no longer belongs to the list (e.g. the favourite was
   * cancelled on the favourites page): the list is fetched again.
   */
  leavesList?: (patch: Partial<ProductRow>) => boolean;
  emptyText?: ReactNode;
}

/**
 * A paginated list of part rows (part group + pagination bar) with loading, empty ('暂无数据')
 * and error states; clicking a part name opens the detail drawer. Used by the favourites,
 * browsing history, stock arrival, hot recommend and new arrival pages.
 */
export function PartListPanel<T extends ProductRow = ProductRow>({
  queryKey,
  fetchPage,
  routeName,
  leavesList,
  emptyText = EMPTY_LIST_TEXT,
}: PartListPanelProps<T>) {
  const queryClient = useQueryClient();
  const { page, limit, setPaging } = usePaging();
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: [...queryKey, { page, limit }],
    queryFn: ({ signal }) => fetchPage(page, limit, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  useLastPageClamp(query, page, limit, setPaging);

  const refetchList = () => void queryClient.invalidateQueries({ queryKey });

  if (query.isError && !data) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  return (
    <div className={styles.panel}>
      <PartGroup
        rows={data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        emptyText={emptyText}
        routeName={routeName}
        onOpenDetail={(row) => setDrawerId(row.product_id)}
        onChanged={(_, patch) => {
          if (leavesList?.(patch)) refetchList();
        }}
      />
      {data && data.total > 0 && (
        <div className={styles.footer}>
          <PaginationBar
            total={data.total}
            page={page}
            limit={limit}
            disabled={query.isFetching}
            onChange={(p, l) => setPaging(p, l)}
          />
        </div>
      )}
      <DetailDrawer
        productId={drawerId}
        onClose={() => setDrawerId(null)}
        routeName={routeName}
        onFavouriteChange={(isSub) => {
          if (leavesList?.({ is_sub: isSub })) refetchList();
        }}
      />
    </div>
  );
}
