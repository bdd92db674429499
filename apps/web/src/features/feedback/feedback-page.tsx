import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Modal, Space, Tag, type TableColumnsType } from 'antd';
import type { FeedbackItem } from '@shop/core/api/feedback';
import { MarkAllReadButton } from '../../components/mark-all-read/mark-all-read-button';
import { PagedListPage } from '../../components/paged-table/paged-list-page';
import { useUrlFilters } from '../../components/paged-table/paged-table';
import { PageStates } from '../../components/page-shell/page-shell';
import { feedbackKeys, feedbackQueries, useMarkAllFeedbackRead } from '../../entities/feedback/feedback-queries';
import { useRepliesDetail } from '../../entities/unread-status/unread-status-queries';
import { formatTime } from '../../lib/format-time';
import FeedbackDialog from './feedback-dialog';
import styles from './feedback-page.module.css';

const NO_FILTERS = {};

/** One feedback with every reply; opening it marks the replies read (the lists and the dot reload). */
function FeedbackDetailDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const detail = useRepliesDetail(feedbackQueries.detail(id ?? 0), id !== undefined, feedbackKeys.lists());
  return (
    <Modal title="反馈详情" open={id !== undefined} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <PageStates query={detail}>
        {detail.data && (
          <div className={styles.detail}>
            <div className={styles.label}>反馈内容</div>
            <p className={styles.text}>{detail.data.text}</p>
            {detail.data.file_name && (
              <p className={styles.meta}>
                附件：{detail.data.file_name}（{detail.data.file_type === 'video' ? '视频' : '图片'}）
              </p>
            )}
            <p className={styles.meta}>提交时间：{formatTime(detail.data.created_at)}</p>
            <div className={styles.label}>客服回复</div>
            {detail.data.replies.length === 0 ? (
              <p className={styles.meta}>暂无回复，我们会尽快处理</p>
            ) : (
              <ol className={styles.replies}>
                {detail.data.replies.map((r, i) => (
                  <li key={i}>
                    <p className={styles.text}>{r.content}</p>
                    <span className={styles.meta}>{formatTime(r.created_at)}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </PageStates>
    </Modal>
  );
}

/**
 * /profile/feedback: the account's feedback, newest first, with the latest reply and a dot for
 * replies not yet read; the detail shows every reply. 我要反馈 opens the side bar's dialog, and
 * the list shows the new feedback after it is sent. Page and size live in the address.
 */
export default function FeedbackPage() {
  const { paging } = useUrlFilters(NO_FILTERS);
  const list = useQuery(feedbackQueries.list({ page: paging.page, limit: paging.limit }));
  const markAll = useMarkAllFeedbackRead();
  const [open, setOpen] = useState<number>();
  const [writing, setWriting] = useState(false);
  const hasUnread = list.data?.list.some((f) => f.unread === 1) ?? false;
  const columns: TableColumnsType<FeedbackItem> = [
    {
      title: '反馈内容',
      key: 'text',
      ellipsis: true,
      render: (_, f) => (
        <Badge dot={f.unread === 1} offset={[6, 0]} data-testid={f.unread === 1 ? 'feedback-unread' : undefined}>
          <span className={styles.cellText}>{f.text}</span>
        </Badge>
      ),
    },
    { title: '附件', key: 'file', width: 140, ellipsis: true, render: (_, f) => f.file_name || '—' },
    { title: '提交时间', key: 'time', width: 170, render: (_, f) => formatTime(f.created_at) },
    {
      title: '回复',
      key: 'reply',
      ellipsis: true,
      render: (_, f) => (f.reply ? f.reply : <Tag>待回复</Tag>),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => setOpen(f.id)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <PagedListPage<FeedbackItem>
      title="意见反馈"
      actions={
        <Space>
          <MarkAllReadButton mark={markAll} hasUnread={hasUnread} />
          <Button type="primary" onClick={() => setWriting(true)}>
            我要反馈
          </Button>
        </Space>
      }
      rowKey="id"
      columns={columns}
      query={list}
      paging={paging}
      emptyText="暂无反馈，点击右上角“我要反馈”告诉我们您的问题或建议"
      after={
        <>
          <FeedbackDetailDialog id={open} onClose={() => setOpen(undefined)} />
          <FeedbackDialog open={writing} onClose={() => setWriting(false)} />
        </>
      }
    />
  );
}
