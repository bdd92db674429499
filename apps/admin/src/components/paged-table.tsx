import { useEffect } from 'react';
import { Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { PAGE_SIZES, type UrlQuery } from '../lib/use-url-query';
import { LoadError } from './load-error';

export interface Page<T> {
  total: number;
  page: number;
  limit: number;
  list: T[];
}

/**
 * A server-paged list: loading, empty ('暂无…') and error (with retry) states, and the pager
 * bound to the address (lib/use-url-query.ts).
 */
export interface PagedTableProps<T> {
  query: UseQueryResult<Page<T>>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** The page and its size from the address, and how to change them. */
  paging: Pick<UrlQuery<string>, 'page' | 'limit' | 'setPage'>;
  emptyText: string;
  expandable?: Parameters<typeof Table<T>>[0]['expandable'];
}

export function PagedTable<T extends object>({
  query,
  columns,
  rowKey,
  paging: { page, limit, setPage },
  emptyText,
  expandable,
}: PagedTableProps<T>) {
  // A page past the end (an old link, ?page=999, rows gone since): the last page instead, as the
  // pager would show it, rather than an empty list under a pager that says otherwise.
  const data = query.data;
  const last = data && !query.isPlaceholderData ? Math.max(1, Math.ceil(data.total / limit)) : page;
  useEffect(() => {
    if (page > last) setPage(last, undefined, true);
  }, [page, last, setPage]);
  if (query.isError && !data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      size="middle"
      rowKey={rowKey}
      columns={columns}
      dataSource={data?.list ?? []}
      loading={query.isFetching}
      locale={{ emptyText: query.isPending ? '加载中…' : emptyText }}
      expandable={expandable}
      pagination={{
        current: page,
        pageSize: limit,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total) => `共 ${total} 条`,
        onChange: setPage,
      }}
      scroll={{ x: 'max-content' }}
    />
  );
}
