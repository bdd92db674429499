import type { ReactNode } from 'react';
import { PageShell, type PageShellProps } from '../page-shell/page-shell';
import { PagedTable, type PagedTableProps } from './paged-table';

export interface PagedListPageProps<T>
  extends Omit<PageShellProps, 'children'>, Omit<PagedTableProps<T>, 'title' | 'children'> {
  /** Above the table: the tabs and the filter bar. */
  children?: ReactNode;
  /** Below the table: the page's dialogs. */
  after?: ReactNode;
}

/**
 * A list page of the account centre: the page's card (title, hint, actions) holding what filters
 * the list, one page of it in a `PagedTable` (page and size in the address) and the page's dialogs.
 */
export function PagedListPage<T extends object>({
  title,
  hint,
  actions,
  crumbs,
  label,
  children,
  after,
  ...table
}: PagedListPageProps<T>) {
  return (
    <PageShell title={title} hint={hint} actions={actions} crumbs={crumbs} label={label}>
      {children}
      <PagedTable<T> {...table} />
      {after}
    </PageShell>
  );
}
