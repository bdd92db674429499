import type { ReactNode } from 'react';
import type { BreadcrumbItem } from '../breadcrumb/breadcrumb';
import { PageShell } from '../page-shell/page-shell';
import styles from './list-page.module.css';

export interface ListPageProps {
  title: string;
  hint?: string;
  crumbs: BreadcrumbItem[];
  children: ReactNode;
}

/** A list page outside the account centre: the page width, breadcrumb and the titled card (PageShell). */
export function ListPage({ title, hint, crumbs, children }: ListPageProps) {
  return (
    <div className={`shop-container ${styles.page}`}>
      <PageShell title={title} hint={hint} crumbs={crumbs}>
        {children}
      </PageShell>
    </div>
  );
}
