import type { UseQueryResult } from '@tanstack/react-query';
import type { ProductRowPage } from '@shop/core/api/parts';
import { LoadError } from '../../../components/load-error/load-error';
import { PaginationBar } from '../../../components/pagination-bar/pagination-bar';
import { PartGroup } from '../../../components/part-group/part-group';
import styles from './catalog.module.css';

export interface PartsSectionProps {
  query: UseQueryResult<ProductRowPage>;
  page: number;
  limit: number;
  onPage: (page: number, limit: number) => void;
  /** Searched numbers that matched nothing (red rows). */
  notFound?: string[];
  emptyText?: string;
}

/** A part group with its pagination bar, loading, empty and error states. */
export function PartsSection({ query, page, limit, onPage, notFound, emptyText }: PartsSectionProps) {
  if (query.isError && !query.data) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const data = query.data;
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
