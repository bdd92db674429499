import { useEffect, useMemo, type ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import { isDay } from '@shop/core/days';
import { idOf } from '@shop/core/api/id-input';
import { useLastPageClamp, usePaging, type SetPaging } from '../../lib/use-paging';
import { PaginationBar } from '../pagination-bar/pagination-bar';
import { EmptyState, ErrorState } from '../page-shell/page-shell';
import styles from './paged-table.module.css';

/**
 * What a filter of the address may hold: one of a list of values (a tab, a status), 'day' (a real
 * calendar day, YYYY-MM-DD), 'id' (a positive whole number) or what a test accepts.
 */
export type UrlFilterRule = readonly string[] | 'day' | 'id' | ((value: string) => boolean);

export interface UrlFilterOptions<F> {
  /** The page size without one in the address (10 unless the page keeps one, e.g. in a cookie). */
  defaultLimit?: number;
  /** The values a filter may hold; anything else (an address edited by hand) reads as its default. */
  rules?: { [K in keyof F]?: UrlFilterRule };
}

function obeys(rule: UrlFilterRule, value: string): boolean {
  if (rule === 'day') return isDay(value);
  if (rule === 'id') return idOf(value) !== undefined;
  if (typeof rule === 'function') return rule(value);
  return rule.includes(value);
}

/**
 * The filters and page of a paged list in the address (so back, forward and reload keep them).
 * A filter at its default value is left out of the address; changing filters goes back to page 1
 * (a new history entry), the page size stays. `page` and `limit` are read as usePaging does
 * (page sizes 10, 20, 50, 100, 150, 200; default 10, or the page's `defaultLimit`). A value the
 * filter's rule refuses (an unknown tab, a malformed day), a malformed page or size read as their
 * defaults, and the address is corrected in place, so that it never shows what the list is not.
 */
export function useUrlFilters<F extends Record<string, string>>(defaults: F, options: UrlFilterOptions<F> = {}) {
  const { params, setParams, page, limit, setPaging } = usePaging(options.defaultLimit);
  const key = params.toString();
  const rules: { [name: string]: UrlFilterRule | undefined } = options.rules ?? {};
  const allowed = (name: string, value: string) => {
    const rule = rules[name];
    return value === defaults[name] || rule === undefined || obeys(rule, value);
  };
  const filters = useMemo(() => {
    const read = new URLSearchParams(key);
    return Object.fromEntries(
      Object.entries(defaults).map(([name, value]) => {
        const asked = read.get(name);
        return [name, asked !== null && allowed(name, asked) ? asked : value];
      }),
    ) as F;
    // `defaults` and `rules` are constants of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The address's corrections: the refused filters left out, page and size as they are read.
  const corrected = new URLSearchParams(key);
  for (const name of Object.keys(defaults)) {
    const asked = corrected.get(name);
    if (asked !== null && !allowed(name, asked)) corrected.delete(name);
  }
  const askedPage = corrected.get('page');
  if (askedPage !== null && askedPage !== String(page)) corrected.set('page', String(page));
  const askedLimit = corrected.get('limit');
  if (askedLimit !== null && askedLimit !== String(limit)) corrected.delete('limit');
  const correctedKey = corrected.toString();
  useEffect(() => {
    if (correctedKey !== key) setParams(new URLSearchParams(correctedKey), { replace: true });
  }, [correctedKey, key, setParams]);

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
