import type { UseQueryResult } from '@tanstack/react-query';
import type { ProductRowPage } from '@shop/core/api/parts';
import { useLastPageClamp, type SetPaging } from '../../../lib/use-paging';
import { LoadError } from '../../../components/load-error/load-error';
import { PaginationBar } from '../../../components/pagination-bar/pagination-bar';
import { PartGroup } from '../../../components/part-group/part-group';
import styles from './catalog.module.css';

export interface PartsSectionProps {
  query: UseQueryResult<ProductRowPage>;
  page: number;
  limit: number;
  onPage: SetPaging;
  /** Searched numbers that matched nothing (red rows). */
  notFound?: string[];
  emptyText?: string;
}

/**
 * A part group with its pagination bar, loading, empty and error states. A page past the end (an
 * old link, a bookmark, a list that shrank) shows the last page instead of an empty list under
 * '共 n 条', as the pagination bar does with a page typed past the end.
 */
export function PartsSection({ query, page, limit, onPage, notFound, emptyText }: PartsSectionProps) {
  const data = query.data;
  useLastPageClamp(query, page, limit, onPage);

  if (query.isError && !query.data) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <div className={styles.section}>
      <PartGroup
        rows={data?.list ?? []}
        notFound={notFound}
        loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
        emptyText={emptyText}
      />
      {data && data.total > 0 && <PaginationBar total={data.total} page={page} limit={limit} onChange={onPage} />}
    </div>
  );
}
