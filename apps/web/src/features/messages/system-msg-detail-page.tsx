import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button, Result, Tag } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  MESSAGE_CATEGORY_NAMES,
  MESSAGE_TEXTS,
  READ_TIP_TYPE,
  type SystemMessage,
  type TipList,
} from '@shop/core/api/messages';
import { PageShell, PageStates } from '../../components/page-shell/page-shell';
import { usePaging } from '../../lib/use-paging';
import { notify } from '../../lib/notify';
import { messageQueries, useReadTip, type MessageListFilters } from '../../entities/message/message-queries';
import { MESSAGE_FILTER_DEFAULTS, messagePageSize, toListRequest, type MessageFilterParams } from './message-filters';
import { MESSAGE_CENTRE_PATH, useOpenMessage } from './open-message';
import styles from './messages.module.css';

function readFilters(params: URLSearchParams): MessageFilterParams {
  const out = { ...MESSAGE_FILTER_DEFAULTS };
  for (const key of Object.keys(out) as (keyof MessageFilterParams)[]) out[key] = params.get(key) ?? out[key];
  return out;
}

function messageId(raw: string | null): number | undefined {
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * /profile/system_msg/detail?id=… (spec.md sections 2, 4 'Messages' and 8): one message, marked
 * read when it opens; previous / next within the list it was opened from (its filters and page
 * ride along in the address), '这是第一条了' / '这是最后一条了' at the ends; an unknown id (or
 * another company's) is '无效的消息，请反馈'.
 */
export default function SystemMsgDetailPage() {
  const [params] = useSearchParams();
  const id = messageId(params.get('id'));
  if (id === undefined) return <InvalidMessage />;
  return <MessageDetail key={id} id={id} params={params} />;
}

function InvalidMessage() {
  return (
    <PageShell title="消息详情">
      <Result
        status="warning"
        title={MESSAGE_TEXTS.invalid}
        extra={<Link to={MESSAGE_CENTRE_PATH}>返回消息中心</Link>}
      />
    </PageShell>
  );
}

function MessageDetail({ id, params }: { id: number; params: URLSearchParams }) {
  const detail = useQuery({ ...messageQueries.detail(id), meta: { showError: false } });
  const readTip = useReadTip();
  const message = detail.data;
  const sentRead = useRef(false);
  useEffect(() => {
    if (message && message.read === 0 && !sentRead.current) {
      sentRead.current = true;
      readTip.mutate({ type: READ_TIP_TYPE.one, tip_id: message.id });
    }
  }, [message, readTip]);

  if (detail.isSuccess && message === null) return <InvalidMessage />;
  const category = MESSAGE_CATEGORY_NAMES.find((c) => c.id === message?.category_id)?.name;
  return (
    <PageShell title="消息详情" actions={<Link to={`${MESSAGE_CENTRE_PATH}?${listQuery(params)}`}>返回消息中心</Link>}>
      <PageStates query={detail}>
        {message && (
          <article className={styles.detail} aria-label={message.tip_name}>
            <h2 className={styles.detailTitle}>{message.tip_name}</h2>
            <div className={styles.detailMeta}>
              {category && <Tag>{category}</Tag>}
              <span>{message.create_time_text}</span>
              {message.number && <span>单号：{message.number}</span>}
            </div>
            <div className={styles.detailBody}>{message.tip_word || message.tip_description}</div>
            {message.link && (
              <Link to={message.link} className={styles.detailLink}>
                查看详情
              </Link>
            )}
            <Neighbours message={message} params={params} />
          </article>
        )}
      </PageStates>
    </PageShell>
  );
}

/** The list's filters and page of the address, without the message id. */
function listQuery(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.delete('id');
  return copy.toString();
}

/**
 * Previous / next within the list the message was opened from. The page it was on is kept as it
 * was when the message was found in it, so reading it (which may take it out of an unread-only
 * list) does not lose its place; across a page edge the neighbouring page is loaded.
 */
function Neighbours({ message, params }: { message: SystemMessage; params: URLSearchParams }) {
  const queryClient = useQueryClient();
  const openMessage = useOpenMessage();
  const { page, limit } = usePaging(messagePageSize());
  const request: MessageListFilters = toListRequest(readFilters(params), page, limit);
  const list = useQuery({ ...messageQueries.list(request), meta: { showError: false } });
  // The last answer that held the message (React's "information from previous renders").
  const [here, setHere] = useState<TipList>();
  if (list.data && list.data !== here && !list.isPlaceholderData && list.data.list.some((m) => m.id === message.id))
    setHere(list.data);
  if (!here) return null;
  const index = here.list.findIndex((m) => m.id === message.id);

  const go = (target: SystemMessage, targetPage: number) => {
    const next = new URLSearchParams(listQuery(params));
    next.set('page', String(targetPage));
    next.set('limit', String(limit));
    openMessage(target, next.toString());
  };
  const fetchPage = (p: number) => queryClient.fetchQuery(messageQueries.list({ ...request, page: p }));

  const previous = async () => {
    const before = here.list[index - 1];
    if (before) return go(before, page);
    if (page <= 1) return notify.error(MESSAGE_TEXTS.first);
    const last = (await fetchPage(page - 1)).list.at(-1);
    if (last) go(last, page - 1);
    else notify.error(MESSAGE_TEXTS.first);
  };
  const next = async () => {
    const after = here.list[index + 1];
    if (after) return go(after, page);
    if (page * limit >= here.total) return notify.error(MESSAGE_TEXTS.last);
    const first = (await fetchPage(page + 1)).list[0];
    if (first) go(first, page + 1);
    else notify.error(MESSAGE_TEXTS.last);
  };
  // A failed page load is shown by the query cache.
  const guard = (step: () => Promise<void>) => () => void step().catch(() => undefined);
  return (
    <div className={styles.neighbours}>
      <Button icon={<LeftOutlined />} onClick={guard(previous)}>
        上一条
      </Button>
      <Button onClick={guard(next)}>
        下一条 <RightOutlined />
      </Button>
    </div>
  );
}
