import { useState } from 'react';
import {
  Badge,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { STATEMENT_STATUS_TEXT, yuan, type AdminStatementRow, type StatementStatus } from '@shop/core/api/statements';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { LoadError } from '../../components/load-error';
import { ChoiceFilter, ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { financeQueries, useBuildStatements, useReplyDispute } from './finance-api';
import { oneOf, validMonth } from '../../components/filter-bar';

const KEYS = ['month', 'status', 'keyword'] as const;
const STATUS_KEYS = Object.keys(STATEMENT_STATUS_TEXT) as StatementStatus[];
const COLORS: Record<string, string> = { pending: 'orange', confirmed: 'green', disputed: 'red' };

/** /admin/finance/statements (对账单): statements by month, company and status, disputes first; detail and replies. */
export function StatementsPage() {
  const list = useUrlList(
    KEYS,
    (f) => ({
      month: validMonth(f.month),
      status: oneOf(STATUS_KEYS, f.status),
      keyword: f.keyword || undefined,
    }),
    financeQueries.statements,
  );
  const [seeing, setSeeing] = useState<number | null>(null);
  const [building, setBuilding] = useState(false);
  const columns: TableColumnsType<AdminStatementRow> = [
    { title: '月份', dataIndex: 'month_label' },
    { title: '公司', dataIndex: 'company_name' },
    { title: '期初', dataIndex: 'opening', render: (v: string) => yuan(v) },
    { title: '本期', dataIndex: 'total', render: (v: string) => yuan(v) },
    { title: '期末', dataIndex: 'closing', render: (v: string) => <b>{yuan(v)}</b> },
    { title: '笔数', dataIndex: 'line_count' },
    { title: '付款截止', dataIndex: 'due_on' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: string, r) => (
        <Badge count={r.open_disputes} size="small">
          <Tag color={COLORS[s]}>{r.status_cn}</Tag>
        </Badge>
      ),
    },
    {
      title: '操作',
      render: (_, r) => (
        <Button size="small" onClick={() => setSeeing(r.id)}>
          {r.open_disputes > 0 ? '查看并回复' : '查看'}
        </Button>
      ),
    },
  ];
  return (
    <ListPage
      title="对账单"
      extra={<Button onClick={() => setBuilding(true)}>生成对账单</Button>}
      list={list}
      table={{ columns, rowKey: 'id', emptyText: '暂无对账单' }}
      after={
        <>
          {seeing !== null ? <StatementDrawer id={seeing} onClose={() => setSeeing(null)} /> : null}
          {building ? <BuildDialog onClose={() => setBuilding(false)} /> : null}
        </>
      }
    >
      <TextFilter
        name="month"
        label="月份"
        placeholder="2026-03"
        maxLength={7}
        width={110}
        rules={[
          {
            validator: (_, v?: string) =>
              !v || validMonth(v.trim())
                ? Promise.resolve()
                : Promise.reject(new Error('月份格式应为 YYYY-MM，如 2026-03')),
          },
        ]}
      />
      <ChoiceFilter name="status" label="状态" width={120} values={STATUS_KEYS} texts={STATEMENT_STATUS_TEXT} />
      <TextFilter name="keyword" label="公司" placeholder="公司名称" maxLength={50} width={200} />
    </ListPage>
  );
}

function StatementDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const s = useQuery(financeQueries.statement(id));
  const [replying, setReplying] = useState<number | null>(null);
  return (
    <Drawer
      open
      width={820}
      title={s.data ? `${s.data.company_name} ${s.data.month_label}对账单` : '对账单'}
      onClose={onClose}
    >
      {s.isError ? (
        <LoadError error={s.error} onRetry={() => void s.refetch()} />
      ) : !s.data ? (
        <Typography.Text>加载中…</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label="期初余额">{yuan(s.data.opening)}</Descriptions.Item>
            <Descriptions.Item label="本期合计">{yuan(s.data.total)}</Descriptions.Item>
            <Descriptions.Item label="期末余额">{yuan(s.data.closing)}</Descriptions.Item>
            <Descriptions.Item label="状态">{s.data.status_cn}</Descriptions.Item>
            <Descriptions.Item label="付款截止">{s.data.due_on}</Descriptions.Item>
            <Descriptions.Item label="确认时间">{s.data.confirmed_at || '—'}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={s.data.lines}
            locale={{ emptyText: '本期无新发生' }}
            columns={[
              { title: '日期', dataIndex: 'occurred_at', width: 160 },
              { title: '类型', dataIndex: 'kind_cn', width: 100 },
              { title: '摘要', dataIndex: 'description' },
              { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => yuan(v) },
            ]}
          />
          <Typography.Title level={5}>异议</Typography.Title>
          {s.data.disputes.length === 0 ? (
            <Typography.Text type="secondary">无</Typography.Text>
          ) : (
            s.data.disputes.map((d) => (
              <div key={d.id} style={{ background: '#fafafa', padding: 8, borderRadius: 4 }}>
                <div>
                  {d.created_at}：{d.note}
                </div>
                {d.replied_at ? (
                  <Typography.Text type="secondary">
                    回复（{d.replied_at}）：{d.reply}
                  </Typography.Text>
                ) : (
                  <Button size="small" type="primary" onClick={() => setReplying(d.id)}>
                    回复
                  </Button>
                )}
              </div>
            ))
          )}
        </Space>
      )}
      {replying !== null ? <ReplyDialog id={replying} onClose={() => setReplying(null)} /> : null}
    </Drawer>
  );
}

function ReplyDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const reply = useReplyDispute();
  const dialog = useDialogForm<{ reply: string }>(onClose, async (v) => {
    await reply.mutateAsync({ id, reply: v.reply });
  });
  return (
    <FormDialog {...dialog} title="回复异议" okText="回复" formLabel="回复异议">
      <Form.Item name="reply" label="回复" rules={[{ required: true, whitespace: true, message: '请填写回复内容' }]}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
      <Typography.Text type="secondary">回复后对账单回到“待确认”，经销商会收到消息。</Typography.Text>
    </FormDialog>
  );
}

function BuildDialog({ onClose }: { onClose: () => void }) {
  const build = useBuildStatements();
  const dialog = useDialogForm<{ month: Dayjs }>(onClose, async (v) => {
    await build.mutateAsync(v.month.format('YYYY-MM'));
  });
  return (
    <FormDialog
      {...dialog}
      title="生成对账单"
      okText="生成"
      formLabel="生成对账单"
      initialValues={{ month: dayjs().subtract(1, 'month') }}
    >
      <Form.Item name="month" label="月份" rules={[{ required: true, message: '请选择月份' }]}>
        <DatePicker picker="month" disabledDate={(d) => !d.isBefore(dayjs(), 'month')} />
      </Form.Item>
      <Typography.Text type="secondary">
        每月初系统自动生成上月对账单；这里可为已结束的月份补生成，已有该月对账单的公司不受影响。
      </Typography.Text>
    </FormDialog>
  );
}
