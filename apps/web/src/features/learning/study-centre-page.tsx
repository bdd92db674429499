import { PAGE_SHOWS_ERRORS } from '../../lib/query-client';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal, Pagination, Progress, Tabs, Tag } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { STUDY_KINDS, STUDY_TEXTS, type StudyDetail, type StudyItem } from '@shop/core/api/learning';
import { EmptyState, LoadingState, PageShell } from '../../components/page-shell/page-shell';
import { LoadError } from '../../components/load-error/load-error';
import { learningQueries, STUDY_PAGE_SIZE, useSaveProgress } from './api/learning-api';
import cards from '../../components/card-grid/card-grid.module.css';
import styles from './study-centre.module.css';

/** /profile/study_centre: 学习中心 (the brand's articles and videos, with the account's progress). */
export default function StudyCentrePage() {
  const [category, setCategory] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const categories = useQuery({ ...learningQueries.categories(), meta: PAGE_SHOWS_ERRORS });
  const list = useQuery({ ...learningQueries.list(category, page), meta: PAGE_SHOWS_ERRORS });

  return (
    <PageShell title="学习中心" hint="产品知识、安装指导与销售技巧">
      {categories.isError ? (
        <LoadError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <Tabs
          activeKey={String(category ?? 0)}
          onChange={(key) => {
            setCategory(key === '0' ? undefined : Number(key));
            setPage(1);
          }}
          items={[
            { key: '0', label: '全部' },
            ...(categories.data ?? []).map((c) => ({ key: String(c.id), label: `${c.name}（${c.count}）` })),
          ]}
        />
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState text={STUDY_TEXTS.empty} />
      ) : (
        <>
          <ul className={cards.grid} aria-label="学习内容">
            {list.data.list.map((item) => (
              <StudyCard key={item.id} item={item} onOpen={() => setOpen(item.id)} />
            ))}
          </ul>
          <Pagination
            className={styles.pager}
            current={page}
            pageSize={STUDY_PAGE_SIZE}
            total={list.data.total}
            showSizeChanger={false}
            onChange={setPage}
            hideOnSinglePage
          />
        </>
      )}
      {open !== null && <StudyReader id={open} onClose={() => setOpen(null)} />}
    </PageShell>
  );
}

function StudyCard({ item, onOpen }: { item: StudyItem; onOpen: () => void }) {
  return (
    <li className={`${cards.card} ${styles.card}`}>
      <button type="button" className={styles.cardButton} onClick={onOpen} aria-label={item.title}>
        <span className={styles.cover}>
          {item.cover ? (
            <img src={item.cover} alt="" />
          ) : (
            <span className={styles.coverText}>{item.category_name}</span>
          )}
          {item.kind === 'video' && <PlayCircleOutlined className={styles.play} />}
        </span>
        <span className={styles.cardBody}>
          <span className={styles.cardTitle}>
            <Tag color={item.kind === 'video' ? 'purple' : 'blue'}>{STUDY_KINDS[item.kind]}</Tag>
            {item.title}
          </span>
          <span className={styles.summary}>{item.summary}</span>
          <span className={styles.meta}>
            <span>{item.published_at}</span>
            <span>{item.progress >= 100 ? '已学完' : item.progress > 0 ? `已学 ${item.progress}%` : '未学习'}</span>
          </span>
          <Progress percent={item.progress} size="small" showInfo={false} />
        </span>
      </button>
    </li>
  );
}

/** The article or video in a dialog; how far the reader scrolled or watched is recorded (only grows). */
function StudyReader({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({ ...learningQueries.detail(id), meta: PAGE_SHOWS_ERRORS });
  const save = useSaveProgress();
  const reported = useRef(0);
  const report = (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.round(percent)));
    // Only more than the account had read before, or sent since, is sent (the content reports as
    // soon as it is shown, before any effect here could read the detail's progress).
    const done = Math.max(reported.current, detail.data?.progress ?? 0);
    // Reports in steps of a tenth, and the end, so a long read sends a handful of calls.
    if (p >= 100 ? done < 100 : p >= done + 10) {
      reported.current = p;
      save.mutate({ id, progress: p });
    }
  };

  return (
    <Modal open title={detail.data?.title ?? '学习中心'} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <StudyContent detail={detail.data} onProgress={report} />
      )}
    </Modal>
  );
}

function StudyContent({ detail, onProgress }: { detail: StudyDetail; onProgress: (p: number) => void }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  // An article short enough to show whole is read once opened.
  useEffect(() => {
    const el = bodyRef.current;
    if (detail.kind === 'article' && el && el.scrollHeight <= el.clientHeight + 4) onProgress(100);
  }, [detail, onProgress]);
  return (
    <div className={styles.reader}>
      <p className={styles.meta}>
        {detail.category_name} · {detail.published_at}
      </p>
      {detail.kind === 'video' ? (
        <video
          className={styles.video}
          src={detail.video_url}
          poster={detail.cover || undefined}
          controls
          onTimeUpdate={(e) => {
            const v = e.currentTarget;
            if (v.duration > 0) onProgress((v.currentTime / v.duration) * 100);
          }}
          onEnded={() => onProgress(100)}
        />
      ) : null}
      <div
        ref={bodyRef}
        className={styles.body}
        data-testid="study-body"
        onScroll={(e) => {
          const el = e.currentTarget;
          const max = el.scrollHeight - el.clientHeight;
          if (max > 0) onProgress((el.scrollTop / max) * 100);
        }}
      >
        {paragraphs(detail.body).map((p, i) =>
          p.picture ? <img key={i} src={p.picture} alt="" /> : <p key={i}>{p.text}</p>,
        )}
      </div>
    </div>
  );
}

/** The body's paragraphs (blank-line separated); a paragraph '![](path)' is a picture. */
function paragraphs(body: string): { text?: string; picture?: string }[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const m = /^!\[[^\]]*\]\((\/media\/[A-Za-z0-9/._-]+|https?:\/\/\S+)\)$/.exec(p);
      return m ? { picture: m[1] } : { text: p };
    });
}
