import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Pagination } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { POSTER_TEXTS } from '@shop/core/api/posters';
import { EmptyState, LoadingState, PageShell } from '../../components/page-shell/page-shell';
import { LoadError } from '../../components/load-error/load-error';
import { marketingQueries } from './api/marketing-api';
import cards from '../../components/card-grid/card-grid.module.css';
import styles from './marketing.module.css';

/** /parts/marketing: 今日营销 (the brand's campaigns and materials of the day, and the way to a poster). */
export default function MarketingPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const today = useQuery(marketingQueries.today(page));
  return (
    <div className="shop-container">
      <PageShell
        title="今日营销"
        hint={today.data ? today.data.today : undefined}
        crumbs={[{ label: '首页', to: '/home' }, { label: '今日营销' }]}
        actions={
          <Link to="/parts/marketing/edit">
            <Button type="primary" icon={<PictureOutlined />}>
              制作海报
            </Button>
          </Link>
        }
      >
        {today.isPending ? (
          <LoadingState />
        ) : today.isError ? (
          <LoadError error={today.error} onRetry={() => void today.refetch()} />
        ) : today.data.list.length === 0 ? (
          <EmptyState text={POSTER_TEXTS.emptyToday} />
        ) : (
          <>
            <ul className={`${cards.grid} ${styles.grid}`} aria-label="今日营销内容">
              {today.data.list.map((item) => (
                <li key={item.id} className={cards.card}>
                  <button type="button" className={styles.cardButton} onClick={() => setOpen(item.id)}>
                    <span className={styles.picture}>
                      {item.picture ? <img src={item.picture} alt="" /> : <span>{item.title}</span>}
                    </span>
                    <span className={styles.title}>{item.title}</span>
                    <span className={styles.days}>
                      {item.starts_on} 至 {item.ends_on}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Pagination
              className={styles.pager}
              current={page}
              pageSize={12}
              total={today.data.total}
              onChange={setPage}
              showSizeChanger={false}
              hideOnSinglePage
            />
          </>
        )}
        {open !== null && <MaterialDialog id={open} onClose={() => setOpen(null)} />}
      </PageShell>
    </div>
  );
}

function MaterialDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery(marketingQueries.detail(id));
  return (
    <Modal open title={detail.data?.title ?? '今日营销'} onCancel={onClose} footer={null} width={640}>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div className={styles.detail}>
          {detail.data.picture ? <img src={detail.data.picture} alt="" /> : null}
          <p className={styles.days}>
            {detail.data.starts_on} 至 {detail.data.ends_on}
          </p>
          <p className={styles.summary}>{detail.data.summary}</p>
          {detail.data.template ? (
            <Link to={`/parts/marketing/edit?template_id=${detail.data.template.id}`}>
              <Button type="primary">用「{detail.data.template.name}」模板制作海报</Button>
            </Link>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
