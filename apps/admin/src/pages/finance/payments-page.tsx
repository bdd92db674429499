import { useMemo, useState } from 'react';
import { Button, DatePicker, Form, Input, Radio, Select, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PAYMENT_METHODS, yuan, type PaymentRow } from '@shop/core/api/statements';
import { AddButton } from '../../components/add-button';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { ListPage, useUrlList } from '../../components/list-page';
import { useSingleFlight } from '../../lib/use-single-flight';
import { CompanySelect } from './company-select';
import { financeQueries, newRequestKey, usePostAdjustment, useRecordPayment } from './finance-api';

const KEYS = ['company_id'] as const;
const positiveId = (v: string) => (/^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** /admin/finance/payments (回款登记): payments received, newest first; record one, or post an adjustment. */
export function PaymentsPage() {
  const list = useUrlList(KEYS, (f) => ({ company_id: positiveId(f.company_id) }), financeQueries.payments);
  const [dialog, setDialog] = useState<'payment' | 'adjustment' | null>(null);
  const columns: TableColumnsType<PaymentRow> = [
    { title: '公司', dataIndex: 'company_name' },
    { title: '金额', dataIndex: 'amount', render: (v: string) => yuan(v) },
    { title: '付款日期', dataIndex: 'paid_on' },
    { title: '方式', dataIndex: 'method' },
    { title: '参考号', dataIndex: 'reference' },
    { title: '备注', dataIndex: 'note' },
    { title: '登记人', dataIndex: 'staff_name' },
    { title: '登记时间', dataIndex: 'created_at' },
  ];
  return (
    <ListPage
      title="回款登记"
      extra={
        <>
          <Button onClick={() => setDialog('adjustment')}>账务调整</Button>{' '}
          <AddButton onClick={() => setDialog('payment')}>登记回款</AddButton>
        </>
      }
      list={list}
      numbers={KEYS}
      table={{ columns, rowKey: 'id', emptyText: '暂无回款记录' }}
      after={
        <>
          {dialog === 'payment' ? <PaymentDialog onClose={() => setDialog(null)} /> : null}
          {dialog === 'adjustment' ? <AdjustmentDialog onClose={() => setDialog(null)} /> : null}
        </>
      }
    >
      <Form.Item name="company_id" label="公司">
        <CompanySelect width={260} />
      </Form.Item>
    </ListPage>
  );
}

interface PaymentValues {
  company_id: number;
  amount: string;
  paid_on: Dayjs;
  method: (typeof PAYMENT_METHODS)[number];
  reference: string;
  note: string;
}

/** Records a payment received (of `company`, or of the company chosen in the form). */
export function PaymentDialog({ company, onClose }: { company?: { id: number; name: string }; onClose: () => void }) {
  const key = useMemo(newRequestKey, []);
  const record = useRecordPayment();
  const dialog = useDialogForm<PaymentValues>(onClose, async (v) => {
    await record.mutateAsync({
      company_id: company?.id ?? v.company_id,
      amount: v.amount.trim(),
      paid_on: v.paid_on.format('YYYY-MM-DD'),
      method: v.method,
      reference: v.reference ?? '',
      note: v.note ?? '',
      request_key: key,
    });
  });
  return (
    <FormDialog
      {...dialog}
      title={company ? `登记回款：${company.name}` : '登记回款'}
      okText="登记"
      formLabel="登记回款"
      initialValues={{ paid_on: dayjs(), method: PAYMENT_METHODS[0] }}
    >
      {company ? null : (
        <Form.Item name="company_id" label="公司" rules={[{ required: true, message: '请选择公司' }]}>
          <CompanySelect />
        </Form.Item>
      )}
      <AmountItem format="请输入大于 0 的金额，最多两位小数" />
      <Form.Item name="paid_on" label="付款日期" rules={[{ required: true, message: '请选择日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="method" label="付款方式" rules={[{ required: true, message: '请选择付款方式' }]}>
        <Radio.Group options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))} />
      </Form.Item>
      <Form.Item name="reference" label="参考号（流水号、票号）">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="note" label="备注">
        <Input maxLength={200} />
      </Form.Item>
      <Typography.Text type="secondary">
        登记后计入该公司账户；登记错误请用“账务调整”冲回，记录不能删除。
      </Typography.Text>
    </FormDialog>
  );
}

/** The amount in yuan, up to two decimals; `format` says what is wrong when it is not one. */
function AmountItem({ format }: { format: string }) {
  return (
    <Form.Item
      name="amount"
      label="金额（元）"
      rules={[
        { required: true, message: '请输入金额' },
        { pattern: /^\d{1,11}(\.\d{1,2})?$/, message: format },
      ]}
    >
      <Input maxLength={14} />
    </Form.Item>
  );
}

function AdjustmentDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ company_id: number; direction: '1' | '-1'; amount: string; reason: string }>();
  const key = useMemo(newRequestKey, []);
  const post = usePostAdjustment();
  const { run, busy } = useSingleFlight(async () => {
    const v = await form.validateFields();
    const amount = v.amount.trim();
    await post.mutateAsync({
      company_id: v.company_id,
      amount: v.direction === '-1' ? `-${amount}` : amount,
      reason: v.reason,
      request_key: key,
    });
    onClose();
  });
  return (
    <FormDialog title="账务调整" okText="入账" busy={busy} onSubmit={run} onClose={onClose}>
      <Form form={form} layout="vertical" disabled={busy} aria-label="账务调整" initialValues={{ direction: '-1' }}>
        <Form.Item name="company_id" label="公司" rules={[{ required: true, message: '请选择公司' }]}>
          <CompanySelect />
        </Form.Item>
        <Form.Item name="direction" label="方向">
          <Select
            style={{ width: 240 }}
            options={[
              { value: '-1', label: '减少欠款（贷方）' },
              { value: '1', label: '增加欠款（借方）' },
            ]}
          />
        </Form.Item>
        <AmountItem format="请输入金额，最多两位小数" />
        <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写调整原因' }]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
