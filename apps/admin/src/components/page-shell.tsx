import type { ReactNode } from 'react';
import { Card, Spin, Typography } from 'antd';
import { LoadError } from './load-error';
import styles from './page-shell.module.css';

/** A back-office screen: its title, actions on the right, and the content in a card. */
export function PageShell({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.page}>
      <header className={styles.head}>
        <Typography.Title level={4} className={styles.title}>
          {title}
        </Typography.Title>
        {extra ? <div>{extra}</div> : null}
      </header>
      <Card>{children}</Card>
    </section>
  );
}

/** A detail screen whose address holds no valid id: `problem` says so, with the way back. */
export function BadIdPage({ title, back, problem }: { title: ReactNode; back: ReactNode; problem: string }) {
  return (
    <PageShell title={title} extra={back}>
      <Typography.Text type="danger">{problem}</Typography.Text>
    </PageShell>
  );
}

/**
 * A detail screen until its thing has come: a spinner while it loads, else why it did not
 * (LoadError) under the screen's title and its way back.
 */
export function DetailWait({
  title,
  back,
  query,
}: {
  title: ReactNode;
  back: ReactNode;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  if (!query.isError) return <Spin description="加载中…" />;
  return (
    <PageShell title={title} extra={back}>
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
    </PageShell>
  );
}
