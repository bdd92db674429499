import { useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Typography, type TableColumnsType } from 'antd';
import { yuan, type CreditRow } from '@shop/core/api/statements';
import { FormDialog } from '../../components/form-dialog';
import { ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { useSingleFlight } from '../../lib/use-single-flight';
import { financeQueries, useSetCredit } from './finance-api';
import { PaymentDialog } from './payments-page';

const KEYS = ['keyword'] as const;

/** /admin/finance/credit (信用额度): each company's limit, terms and open balance; set them, record a payment. */
export function CreditPage() {
  const list = useUrlList(KEYS, (f) => ({ keyword: f.keyword || undefined }), financeQueries.credit);
  const [editing, setEditing] = useState<CreditRow | null>(null);
  const [paying, setPaying] = useState<CreditRow | null>(null);
  const columns: TableColumnsType<CreditRow> = [
    { title: '公司', dataIndex: 'company_name' },
    { title: '信用额度', dataIndex: 'credit_limit', render: (v: string) => (v ? `¥${v}` : '不限') },
    { title: '账期', dataIndex: 'payment_days', render: (d: number) => `${d} 天` },
    { title: '账面余额', dataIndex: 'balance', render: (v: string) => yuan(v) },
    { title: '未入账订单', dataIndex: 'open_orders', render: (v: string) => yuan(v) },
    { title: '未结金额', dataIndex: 'open_balance', render: (v: string) => <b>{yuan(v)}</b> },
    {
      title: '可用额度',
      dataIndex: 'available',
      render: (v: string) =>
        v === '' ? '—' : <Typography.Text type={v.startsWith('-') ? 'danger' : undefined}>{yuan(v)}</Typography.Text>,
    },
    {
      title: '操作',
      render: (_, r) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(r)}>
            设置额度
          </Button>
          <Button size="small" onClick={() => setPaying(r)}>
            登记回款
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <ListPage
      title="信用额度"
      list={list}
      table={{ columns, rowKey: 'company_id', emptyText: '没有符合条件的公司' }}
      after={
        <>
          {editing ? <CreditDialog row={editing} onClose={() => setEditing(null)} /> : null}
          {paying ? (
            <PaymentDialog
              company={{ id: paying.company_id, name: paying.company_name }}
              onClose={() => setPaying(null)}
            />
          ) : null}
        </>
      }
    >
      <TextFilter name="keyword" label="公司" placeholder="公司名称" maxLength={50} width={220} />
    </ListPage>
  );
}

function CreditDialog({ row, onClose }: { row: CreditRow; onClose: () => void }) {
  const [form] = Form.useForm<{ credit_limit: string; payment_days: number }>();
  const save = useSetCredit();
  const { run, busy } = useSingleFlight(async () => {
    const v = await form.validateFields();
    await save.mutateAsync({
      id: row.company_id,
      credit_limit: (v.credit_limit ?? '').trim(),
      payment_days: v.payment_days,
    });
    onClose();
  });
  return (
    <FormDialog title={`信用额度：${row.company_name}`} okText="保存" busy={busy} onSubmit={run} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        disabled={busy}
        aria-label="信用额度"
        initialValues={{ credit_limit: row.credit_limit, payment_days: row.payment_days }}
      >
        <Form.Item
          name="credit_limit"
          label="信用额度（元，留空为不限）"
          rules={[{ pattern: /^\d{1,11}(\.\d{1,2})?$/, message: '请输入金额，最多两位小数' }]}
        >
          <Input placeholder="不限" maxLength={14} />
        </Form.Item>
        <Form.Item name="payment_days" label="账期（天）" rules={[{ required: true, message: '请输入账期' }]}>
          <InputNumber min={0} max={365} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Typography.Text type="secondary">
          当前未结 ¥{row.open_balance}。下单后未结金额超过额度的订单会被拒绝，经销商可提交特批。
        </Typography.Text>
      </Form>
    </FormDialog>
  );
}
