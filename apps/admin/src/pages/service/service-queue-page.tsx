import { Badge, Button, Form, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
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
import { CompanyIdItem, FilterBar, validCompanyId } from '../../components/filter-bar';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { hasPermission, meQuery } from '../../lib/staff';
import { useUrlQuery } from '../../lib/use-url-query';
import { serviceQueries } from './service-api';

const KEYS = ['kind', 'state', 'company_id', 'unread'] as const;
/** A dealer waiting longer than this is shown in red. */
const LONG_WAIT_MINUTES = 24 * 60;

interface Filters {
  kind?: string;
  state?: string;
  company_id?: string;
  unread?: string;
}

const KIND_COLOR: Record<ServiceKind, string> = { question: 'blue', feedback: 'purple', development: 'cyan' };
const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

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
  const paging = useUrlQuery(KEYS);
  const { filters, page, limit, setFilters } = paging;
  const search = {
    kind: oneOf(SERVICE_KINDS, filters.kind),
    state: oneOf<ServiceState>(SERVICE_STATES, filters.state),
    company_id: validCompanyId(filters.company_id),
    unread: filters.unread === '1' ? 1 : undefined,
  };
  const query = useQuery({
    ...serviceQueries.queue({ ...search, page, limit }),
    select: (data) => ({ ...data, list: data.list.map((i) => ({ ...i, key: `${i.kind}:${i.id}` })) }),
  });
  const initial: Filters = {
    kind: search.kind,
    state: search.state,
    company_id: filters.company_id || undefined,
    unread: search.unread ? '1' : undefined,
  };

  return (
    <PageShell
      title="客服中心"
      extra={
        hasPermission(me, 'messages.broadcast') ? (
          <Link to="/broadcast">
            <Button>群发消息</Button>
          </Link>
        ) : null
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Counts counts={query.data?.counts} />
        <FilterBar<Filters> initial={initial} onSearch={(v) => setFilters({ ...v })}>
          <Form.Item name="kind" label="类型">
            <Select
              placeholder="全部类型"
              allowClear
              style={{ width: 130 }}
              options={SERVICE_KINDS.map((k) => ({ value: k, label: SERVICE_KIND_TEXT[k] }))}
            />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Select
              placeholder="全部状态"
              allowClear
              style={{ width: 120 }}
              options={SERVICE_STATES.map((s) => ({ value: s, label: SERVICE_STATE_TEXT[s] }))}
            />
          </Form.Item>
          <Form.Item name="unread" label="已读">
            <Select placeholder="全部" allowClear style={{ width: 110 }} options={[{ value: '1', label: '仅未读' }]} />
          </Form.Item>
          <CompanyIdItem />
        </FilterBar>
        <PagedTable<Row> query={query} columns={columns} rowKey="key" paging={paging} emptyText="暂无待处理的咨询" />
      </Space>
    </PageShell>
  );
}
