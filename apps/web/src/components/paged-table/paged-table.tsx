import { useMemo, type ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import { useLastPageClamp, usePaging, type SetPaging } from '../../lib/use-paging';
import { PaginationBar } from '../pagination-bar/pagination-bar';
import { EmptyState, ErrorState } from '../page-shell/page-shell';
import styles from './paged-table.module.css';

/**
 * The filters and page of a paged list in the address (so back, forward and reload keep them).
 * A filter at its default value is left out of the address; changing filters goes back to page 1
 * (a new history entry), the page size stays. `page` and `limit` are read as usePaging does
 * (page sizes 10, 20, 50, 100, 150, 200; default 10, or the page's `defaultLimit`).
 */
export function useUrlFilters<F extends Record<string, string>>(defaults: F, defaultLimit?: number) {
  const { params, setParams, page, limit, setPaging } = usePaging(defaultLimit);
  const key = params.toString();
  const filters = useMemo(() => {
    const read = new URLSearchParams(key);
    return Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, read.get(name) ?? value])) as F;
    // `defaults` is a constant of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const setFilters = (next: Partial<F>) => {
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(next)) {
        if (value === undefined || value === '' || value === defaults[name]) out.delete(name);
        else out.set(name, value);
      }
      out.delete('page');
      return out;
    });
  };
  const paging: Paging = { page, limit, setPaging };
  return { filters, setFilters, paging };
}

export interface Paging {
  page: number;
  limit: number;
  setPaging: SetPaging;
}

export interface PagedQuery<T> {
  data?: { list: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'> {
  query: PagedQuery<T>;
  paging: Paging;
  emptyText?: ReactNode;
}

/**
 * An antd table of one page of a list, with the pagination bar under it ('共 n 条', sizes
 * 10–200, arrows, page input). Page and size live in the address (`useUrlFilters`); a page past
 * the end shows the last page. A failed first load shows the reason with a retry button.
 */
export function PagedTable<T extends object>({ query, paging, emptyText, ...table }: PagedTableProps<T>) {
  const { page, limit, setPaging } = paging;
  useLastPageClamp(query, page, limit, setPaging);
  if (query.isError && !query.data) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <>
      <Table<T>
        size="middle"
        {...table}
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: query.isPending ? ' ' : <EmptyState text={emptyText} /> }}
      />
      {/* Not before the first page has come: the rows arriving would push it down in sight. */}
      {!query.isPending && (
        <div className={styles.footer}>
          <PaginationBar
            total={query.data?.total ?? 0}
            page={page}
            limit={limit}
            disabled={query.isFetching}
            onChange={(p, l) => setPaging(p, l)}
          />
        </div>
      )}
    </>
  );
}
