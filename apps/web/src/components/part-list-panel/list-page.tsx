import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from '../breadcrumb/breadcrumb';
import styles from './list-page.module.css';

export interface ListPageProps {
  title: string;
  hint?: string;
  crumbs: BreadcrumbItem[];
  children: ReactNode;
}

/** The frame of a list page: breadcrumb, a titled white card. */
export function ListPage({ title, hint, crumbs, children }: ListPageProps) {
  return (
    <div className={`shop-container ${styles.page}`}>
      <Breadcrumb items={crumbs} />
      <section className={styles.card} aria-label={title}>
        <h1 className={styles.title}>
          {title}
          {hint && <span className={styles.hint}>{hint}</span>}
        </h1>
        {children}
      </section>
    </div>
  );
}
