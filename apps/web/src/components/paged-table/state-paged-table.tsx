import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import { statePager } from './state-pager';

/**
 * A small table of a paged list whose page lives in the screen's state (not the address), ten
 * rows a page: the query's rows, waiting until its first answer.
 */
export function StatePagedTable<T extends object>({
  query,
  page,
  onPage,
  emptyText,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'size'> & {
  query: { data?: { list: T[]; total: number }; isPending: boolean };
  page: number;
  onPage: (page: number) => void;
  emptyText: ReactNode;
}) {
  return (
    <Table<T>
      {...table}
      size="small"
      loading={query.isPending}
      dataSource={query.data?.list ?? []}
      locale={{ emptyText }}
      pagination={statePager(page, 10, query.data?.total, onPage)}
    />
  );
}
