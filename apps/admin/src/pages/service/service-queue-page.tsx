import { idOf } from '@shop/core/api/id-input';
import { Badge, Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  SERVICE_KIND_TEXT,
  SERVICE_KINDS,
  SERVICE_STATE_TEXT,
  SERVICE_STATES,
  waitingText,
  type ServiceKind,
  type ServiceQueue,
  type ServiceQueueItem,
  type ServiceState,
} from '@shop/core/api/service';
import { CompanyIdItem, oneOf } from '../../components/filter-bar';
import { ChoiceFilter, ListPage, useUrlList } from '../../components/list-page';
import { hasPermission, meQuery } from '../../lib/staff';
import { serviceQueries } from './service-api';

const KEYS = ['kind', 'state', 'company_id', 'unread'] as const;
/** A dealer waiting longer than this is shown in red. */
const LONG_WAIT_MINUTES = 24 * 60;

const KIND_COLOR: Record<ServiceKind, string> = { question: 'blue', feedback: 'purple', development: 'cyan' };

export const serviceItemPath = (i: Pick<ServiceQueueItem, 'kind' | 'id'>) => `/service/${i.kind}/${i.id}`;

/** A queue row with its key (kind and id: ids repeat across kinds). */
type Row = ServiceQueueItem & { key: string };

const columns: TableColumnsType<Row> = [
  {
    title: '类型',
    dataIndex: 'kind',
    render: (kind: ServiceKind, i) => (
      <Space size={4}>
        {i.unread ? <Badge status="error" text="未读" /> : null}
        <Tag color={KIND_COLOR[kind]}>{SERVICE_KIND_TEXT[kind]}</Tag>
      </Space>
    ),
  },
  {
    title: '内容',
    dataIndex: 'text',
    render: (text: string, i) => (
      <Link to={serviceItemPath(i)} aria-label={`${SERVICE_KIND_TEXT[i.kind]} ${i.id}`}>
        <Typography.Text strong={i.unread === 1} ellipsis style={{ maxWidth: 360 }}>
          {i.subject ? `【${i.subject}】` : ''}
          {text || '（无文字）'}
        </Typography.Text>
      </Link>
    ),
  },
  { title: '公司', dataIndex: 'company_name', render: (name: string, i) => `${name}（${i.company_id}）` },
  { title: '账号', dataIndex: 'account_name' },
  { title: '留言时间', dataIndex: 'last_word_at' },
  {
    title: '等待',
    dataIndex: 'waiting_minutes',
    render: (minutes: number, i) =>
      i.waiting ? (
        <Typography.Text type={minutes >= LONG_WAIT_MINUTES ? 'danger' : undefined}>
          {waitingText(minutes)}
        </Typography.Text>
      ) : (
        '—'
      ),
  },
  {
    title: '状态',
    dataIndex: 'waiting',
    render: (waiting: number, i) =>
      waiting ? (
        <Tag color="orange">{SERVICE_STATE_TEXT.waiting}</Tag>
      ) : (
        <Space size={4}>
          <Tag color="green">{SERVICE_STATE_TEXT.answered}</Tag>
          <Typography.Text type="secondary">{i.replied_at}</Typography.Text>
        </Space>
      ),
  },
];

/** The waiting and unread counts per kind, above the list (over every company). */
function Counts({ counts }: { counts: ServiceQueue['counts'] | undefined }) {
  if (!counts) return null;
  return (
    <Space size="large" wrap data-testid="service-counts">
      {SERVICE_KINDS.map((k) => (
        <Typography.Text key={k}>
          {SERVICE_KIND_TEXT[k]}：待回复 <Typography.Text strong>{counts[k].waiting}</Typography.Text> · 未读{' '}
          <Typography.Text strong type={counts[k].unread > 0 ? 'danger' : undefined}>
            {counts[k].unread}
          </Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  );
}

/** /admin/service: the queue of questions, feedback and development requests, waiting first. */
export function ServiceQueuePage() {
  const me = useQuery(meQuery).data;
  const list = useUrlList(
    KEYS,
    (filters) => ({
      kind: oneOf(SERVICE_KINDS, filters.kind),
      state: oneOf<ServiceState>(SERVICE_STATES, filters.state),
      company_id: idOf(filters.company_id),
      unread: filters.unread === '1' ? (1 as const) : undefined,
    }),
    (params) => ({
      ...serviceQueries.queue(params),
      select: (data: ServiceQueue) => ({
        ...data,
        list: data.list.map((i): Row => ({ ...i, key: `${i.kind}:${i.id}` })),
      }),
    }),
  );

  return (
    <ListPage
      title="客服中心"
      extra={
        hasPermission(me, 'messages.broadcast') ? (
          <Link to="/broadcast">
            <Button>群发消息</Button>
          </Link>
        ) : null
      }
      list={list}
      above={<Counts counts={list.query.data?.counts} />}
      table={{ columns, rowKey: 'key', emptyText: '暂无待处理的咨询' }}
    >
      <ChoiceFilter name="kind" label="类型" width={130} values={SERVICE_KINDS} texts={SERVICE_KIND_TEXT} />
      <ChoiceFilter name="state" label="状态" width={120} values={SERVICE_STATES} texts={SERVICE_STATE_TEXT} />
      <ChoiceFilter name="unread" label="已读" placeholder="全部" width={110} values={['1']} texts={{ 1: '仅未读' }} />
      <CompanyIdItem />
    </ListPage>
  );
}
