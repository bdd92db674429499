import type { ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import { Breadcrumb, type BreadcrumbItem } from '../breadcrumb/breadcrumb';
import { LoadError } from '../load-error/load-error';
import styles from './page-shell.module.css';

export interface PageShellProps {
  title: ReactNode;
  /** Small grey text beside the title. */
  hint?: ReactNode;
  /** Buttons or links at the right of the title (exports, 'add'...). */
  actions?: ReactNode;
  /** The breadcrumb above the card; none inside the account centre's frame, which shows its own. */
  crumbs?: BreadcrumbItem[];
  /** The accessible name of the card (defaults to the title when it is text). */
  label?: string;
  children: ReactNode;
}

/** A page's white card: an optional breadcrumb, the title row with its actions, the content. */
export function PageShell({ title, hint, actions, crumbs, label, children }: PageShellProps) {
  return (
    <>
      {crumbs && <Breadcrumb items={crumbs} />}
      <section className={styles.card} aria-label={label ?? (typeof title === 'string' ? title : undefined)}>
        <div className={styles.head}>
          <h1 className={styles.title}>
            {title}
            {hint && <span className={styles.hint}>{hint}</span>}
          </h1>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        {children}
      </section>
    </>
  );
}

/** A section loading: a spinner with '加载中…'. */
export function LoadingState({ text = '加载中…' }: { text?: string }) {
  return (
    <div className={styles.state} role="status" aria-label={text}>
      <Spin />
      <span className={styles.stateText}>{text}</span>
    </div>
  );
}

/** Nothing to show ('暂无数据' unless the page says better). */
export function EmptyState({ text = '暂无数据', children }: { text?: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.state}>
      <Empty description={text}>{children}</Empty>
    </div>
  );
}

/** A failed load, with the reason and a retry button. */
export function ErrorState(props: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  return <LoadError {...props} />;
}

export interface PageStatesProps {
  /** The query of the page's content. */
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  /** True when the loaded content is empty. */
  empty?: boolean;
  emptyText?: ReactNode;
  children: ReactNode;
}

/** Loading, error (with retry) or empty state of a query; its content once there is some. */
export function PageStates({ query, empty, emptyText, children }: PageStatesProps) {
  if (query.isPending && !query.isError) return <LoadingState />;
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (empty) return <EmptyState text={emptyText} />;
  return <>{children}</>;
}
