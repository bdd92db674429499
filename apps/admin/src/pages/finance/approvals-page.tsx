import { useState } from 'react';
import { Button, Form, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { yuan, type ApprovalRow } from '@shop/core/api/statements';
import { FormDialog } from '../../components/form-dialog';
import { ChoiceFilter, ListPage, useUrlList } from '../../components/list-page';
import { useSingleFlight } from '../../lib/use-single-flight';
import { financeQueries, useDecide } from './finance-api';
import { oneOf } from '../../components/filter-bar';

const KEYS = ['status'] as const;
const STATUSES = { pending: '待审批', approved: '已同意', refused: '已拒绝' } as const;
type Status = keyof typeof STATUSES;
const STATUS_KEYS = Object.keys(STATUSES) as Status[];
const COLORS: Record<Status, string> = { pending: 'orange', approved: 'green', refused: 'default' };

/** /admin/finance/approvals (特批订单): orders past the credit limit sent for special approval; approve or refuse. */
export function ApprovalsPage() {
  const list = useUrlList(
    KEYS,
    (f) => ({ status: oneOf(STATUS_KEYS, f.status) ?? 'pending' }),
    financeQueries.approvals,
  );
  const [deciding, setDeciding] = useState<{ row: ApprovalRow; move: 'approve' | 'refuse' } | null>(null);
  const columns: TableColumnsType<ApprovalRow> = [
    { title: '订单号', dataIndex: 'orders_no', render: (no: string) => <Link to={`/orders/${no}`}>{no}</Link> },
    { title: '公司', dataIndex: 'company_name' },
    { title: '本单金额', dataIndex: 'amount', render: (v: string) => yuan(v) },
    { title: '下单时未结', dataIndex: 'open_balance', render: (v: string) => yuan(v) },
    { title: '信用额度', dataIndex: 'credit_limit', render: (v: string) => yuan(v) },
    { title: '提交时间', dataIndex: 'created_at' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: Status, r) => (
        <>
          <Tag color={COLORS[s]}>{STATUSES[s]}</Tag>
          {r.note ? <Typography.Text type="secondary">{r.note}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: '操作',
      render: (_, r) =>
        r.status === 'pending' ? (
          <Space size={4}>
            <Button size="small" type="primary" onClick={() => setDeciding({ row: r, move: 'approve' })}>
              同意
            </Button>
            <Button size="small" danger onClick={() => setDeciding({ row: r, move: 'refuse' })}>
              拒绝
            </Button>
          </Space>
        ) : (
          r.decided_at
        ),
    },
  ];
  return (
    <ListPage
      title="特批订单"
      list={list}
      table={{ columns, rowKey: 'order_id', emptyText: '暂无特批申请' }}
      after={deciding ? <DecisionDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    >
      <ChoiceFilter name="status" label="状态" placeholder="待审批" width={120} values={STATUS_KEYS} texts={STATUSES} />
    </ListPage>
  );
}

function DecisionDialog({ row, move, onClose }: { row: ApprovalRow; move: 'approve' | 'refuse'; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const decide = useDecide();
  const { run, busy } = useSingleFlight(async () => {
    const { note } = await form.validateFields();
    await decide.mutateAsync({ id: row.order_id, move, note: note ?? '' });
    onClose();
  });
  const approve = move === 'approve';
  return (
    <FormDialog
      title={`${approve ? '同意' : '拒绝'}特批：${row.orders_no}`}
      okText={approve ? '同意' : '拒绝'}
      busy={busy}
      onSubmit={run}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" disabled={busy} aria-label="特批审批">
        <Typography.Paragraph>
          {row.company_name}：本单 ¥{row.amount}，下单时未结 ¥{row.open_balance}，额度 ¥{row.credit_limit}。
          {approve ? '同意后订单进入待发货。' : '拒绝后订单取消，库存、优惠券和积分币退回。'}经销商会收到消息。
        </Typography.Paragraph>
        <Form.Item name="note" label={approve ? '说明（可选）' : '拒绝原因'}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
