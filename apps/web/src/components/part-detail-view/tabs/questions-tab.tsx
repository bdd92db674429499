import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Empty, Image, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionList } from '@shop/core/api/parts';
import { detailQueries, markQuestionsRead } from '../api/part-detail-api';
import { AskDialog } from './ask-dialog';
import { AuthImage } from '../../auth-image/auth-image';
import { mediaUrl } from '../../product-card/media-url';
import styles from '../part-detail-view.module.css';
import { notifyError } from '../../../lib/notify';

export const NO_QUESTIONS_TEXT = '暂无问题';

/** The ids to mark read: the unread ones, or all when only the list-level flag says so. */
export function unreadIds(data: QuestionList): number[] {
  const flagged = data.list.filter((q) => q.unread === 1).map((q) => q.id);
  return flagged.length > 0 ? flagged : data.list.map((q) => q.id);
}

/**
 * 相关问题: questions with answers, reply pictures and unread dots, and the ask dialog. When the
 * tab is open and the list has unread answers, all are marked read once (spec.md section 4);
 * the dots stay until the list is loaded again.
 */
export function QuestionsTab({ productId, active }: { productId: number; active: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(detailQueries.questions(productId));
  const [asking, setAsking] = useState(false);
  const marked = useRef(false);
  const data = query.data;

  useEffect(() => {
    if (!active || !data || data.has_unread !== 1 || marked.current) return;
    const ids = unreadIds(data);
    if (ids.length === 0) return;
    marked.current = true;
    markQuestionsRead(ids).then(
      () =>
        queryClient.setQueryData(detailQueries.questions(productId).queryKey, (old) =>
          old ? { ...old, has_unread: 0 as const } : old,
        ),
      (err: unknown) => {
        notifyError(err);
        marked.current = false;
      },
    );
  }, [active, data, productId, queryClient]);

  return (
    <div className={styles.questions}>
      <div className={styles.tabToolbar}>
        <Button type="primary" onClick={() => setAsking(true)}>
          我要提问
        </Button>
      </div>
      {query.isPending ? (
        <Spin className={styles.tabSpin} />
      ) : query.isError ? (
        <Empty description="加载失败">
          <Button onClick={() => void query.refetch()}>重试</Button>
        </Empty>
      ) : query.data.list.length === 0 ? (
        <Empty description={NO_QUESTIONS_TEXT} />
      ) : (
        <ul className={styles.questionList}>
          {query.data.list.map((q) => (
            <li key={q.id} className={styles.question} data-testid="question">
              <div className={styles.questionLine}>
                <span className={styles.ask}>问</span>
                <span className={styles.questionText}>{q.ask_questions}</span>
                <span className={styles.muted}>{q.created_at}</span>
              </div>
              <div className={styles.questionLine}>
                <span className={styles.answer}>答</span>
                <span className={styles.questionText}>
                  {q.reply_contente || <span className={styles.muted}>等待回复</span>}
                </span>
                {q.unread === 1 && <Badge status="error" text="新回复" data-testid="unread-dot" />}
                {q.reply_time && <span className={styles.muted}>{q.reply_time}</span>}
              </div>
              {q.reply_pic.length > 0 && (
                <Image.PreviewGroup>
                  <div className={styles.replyPics}>
                    {q.reply_pic.map((pic) =>
                      // A picture staff uploaded with the answer is served with the login header only.
                      pic.startsWith('/api/') ? (
                        <AuthImage key={pic} path={pic} alt="回复图片" size={72} />
                      ) : (
                        <Image key={pic} src={mediaUrl(pic)} width={72} height={72} alt="回复图片" />
                      ),
                    )}
                  </div>
                </Image.PreviewGroup>
              )}
            </li>
          ))}
        </ul>
      )}
      <AskDialog
        open={asking}
        productId={productId}
        onClose={() => setAsking(false)}
        onSubmitted={() =>
          void queryClient.invalidateQueries({ queryKey: detailQueries.questions(productId).queryKey })
        }
      />
    </div>
  );
}
