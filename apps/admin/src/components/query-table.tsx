import { Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-error';

/**
 * A whole list on one table (no pager): loading, empty ('暂无…') and error (with retry) states,
 * as PagedTable has them for a paged list.
 */
export function QueryTable<T extends object>({
  query,
  columns,
  rowKey,
  emptyText,
  size = 'middle',
}: {
  query: UseQueryResult<T[]>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  emptyText: string;
  size?: 'small' | 'middle';
}) {
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      size={size}
      rowKey={rowKey}
      loading={query.isFetching}
      dataSource={query.data ?? []}
      pagination={false}
      locale={{ emptyText: query.isPending ? '加载中…' : emptyText }}
      columns={columns}
    />
  );
}
