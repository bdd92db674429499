import { useState } from 'react';
import { Button, Form, Modal, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminVoucher, VoucherUse } from '@shop/core/api/coupons';
import { VOUCHER_KINDS, type VoucherKind } from '@shop/core/coupons';
import { AddButton } from '../../components/add-button';
import { FormDialog } from '../../components/form-dialog';
import { ChoiceFilter, ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { QueryTable } from '../../components/query-table';
import { useSingleFlight } from '../../lib/use-single-flight';
import { couponQueries, useIssueVoucher, useSetStatus } from './coupons-api';
import { CompanyField, type CompanyChoice } from './pickers';
import { VoucherDialog } from './voucher-dialog';
import { oneOf } from '../../components/filter-bar';

const KEYS = ['keyword', 'status', 'kind'] as const;
const STATUSES = { active: '启用', stopped: '已停用' } as const;
type Status = keyof typeof STATUSES;
const KIND_KEYS = Object.keys(VOUCHER_KINDS) as VoucherKind[];
const STATUS_KEYS = Object.keys(STATUSES) as Status[];

export const statusTag = (status: Status) => (
  <Tag color={status === 'active' ? 'green' : 'default'}>{STATUSES[status]}</Tag>
);

/** How each kind is stopped: the button's word, and what stopping does (after the question). */
const STOPPING = {
  vouchers: { stop: '停用', warning: '停用后不能再领取、发放或使用。' },
  activities: { stop: '停止', warning: '经销商将不再看到它。' },
} as const;

/** Stops or starts a voucher or an activity after a confirmation. */
export function StatusToggle({
  what,
  id,
  name,
  active,
}: {
  what: keyof typeof STOPPING;
  id: number;
  name: string;
  active: boolean;
}) {
  const { stop, warning } = STOPPING[what];
  const status = useSetStatus(what);
  return (
    <Popconfirm
      title={active ? `${stop}“${name}”？${warning}` : `重新启用“${name}”？`}
      okText={active ? stop : '启用'}
      cancelText="取消"
      onConfirm={() => status.mutateAsync({ id, stop: active }).catch(() => undefined)}
    >
      <Button size="small" danger={active} disabled={status.isPending}>
        {active ? stop : '启用'}
      </Button>
    </Popconfirm>
  );
}

/** /admin/coupons: the vouchers (filters in the address), create, edit, stop, issue and their uses. */
export function VouchersPage() {
  const list = useUrlList(
    KEYS,
    (f) => ({ keyword: f.keyword || undefined, status: oneOf(STATUS_KEYS, f.status), kind: oneOf(KIND_KEYS, f.kind) }),
    couponQueries.vouchers,
  );
  const [editing, setEditing] = useState<AdminVoucher | 'new' | null>(null);
  const [issuing, setIssuing] = useState<AdminVoucher | null>(null);
  const [seeing, setSeeing] = useState<AdminVoucher | null>(null);

  const columns: TableColumnsType<AdminVoucher> = [
    { title: '名称', dataIndex: 'name' },
    { title: '面额', dataIndex: 'title' },
    {
      title: '方式',
      dataIndex: 'kind',
      render: (k: VoucherKind, v) => VOUCHER_KINDS[k] + (v.activity_name ? `（${v.activity_name}）` : ''),
    },
    { title: '有效期', render: (_, v) => `${v.valid_from} 至 ${v.valid_to}` },
    { title: '适用范围', dataIndex: 'scope_text' },
    {
      title: '次数',
      render: (_, v) => (
        <>
          <div>
            每家 {v.per_company_uses} / 总数 {v.total_uses ?? '不限'}
          </div>
          <Typography.Text type="secondary">{`已发 ${v.granted_uses} · 已用 ${v.used_count} · ${v.companies} 家`}</Typography.Text>
        </>
      ),
    },
    { title: '状态', dataIndex: 'status', render: statusTag },
    {
      title: '操作',
      fixed: 'right',
      render: (_, v) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(v)}>
            编辑
          </Button>
          {v.kind === 'issued' && v.status === 'active' ? (
            <Button size="small" onClick={() => setIssuing(v)}>
              发放
            </Button>
          ) : null}
          <Button size="small" onClick={() => setSeeing(v)}>
            使用情况
          </Button>
          <StatusToggle what="vouchers" id={v.voucher_id} active={v.status === 'active'} name={v.name} />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="优惠券"
      extra={<AddButton onClick={() => setEditing('new')}>新建优惠券</AddButton>}
      list={list}
      table={{ columns, rowKey: 'voucher_id', emptyText: '暂无符合条件的优惠券' }}
      after={
        <>
          {editing ? (
            <VoucherDialog voucher={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
          ) : null}
          {issuing ? <IssueDialog voucher={issuing} onClose={() => setIssuing(null)} /> : null}
          {seeing ? <UsesDialog voucher={seeing} onClose={() => setSeeing(null)} /> : null}
        </>
      }
    >
      <TextFilter name="keyword" label="名称" placeholder="优惠券名称" maxLength={60} width={200} />
      <ChoiceFilter name="status" label="状态" width={120} values={STATUS_KEYS} texts={STATUSES} />
      <ChoiceFilter name="kind" label="方式" width={130} values={KIND_KEYS} texts={VOUCHER_KINDS} />
    </ListPage>
  );
}

/** Issues an 'issued' voucher to chosen companies: each is topped up to its uses per company. */
function IssueDialog({ voucher, onClose }: { voucher: AdminVoucher; onClose: () => void }) {
  const [form] = Form.useForm<{ companies: CompanyChoice[] }>();
  const issue = useIssueVoucher();
  const { run: submit, busy } = useSingleFlight(async () => {
    const { companies } = await form.validateFields();
    await issue.mutateAsync({ id: voucher.voucher_id, company_ids: companies.map((c) => c.value) });
    onClose();
  });
  return (
    <FormDialog title={`发放优惠券：${voucher.name}`} okText="发放" busy={busy} onSubmit={submit} onClose={onClose}>
      <Form form={form} layout="vertical" disabled={busy} aria-label="发放优惠券">
        <Form.Item name="companies" label="发放给" rules={[{ required: true, message: '请选择公司' }]}>
          <CompanyField disabled={busy} />
        </Form.Item>
        <Typography.Text type="secondary">
          每家补足到 {voucher.per_company_uses} 次（已有的不重复发放）；总数 {voucher.total_uses ?? '不限'}，已发放{' '}
          {voucher.granted_uses} 次。
        </Typography.Text>
      </Form>
    </FormDialog>
  );
}

/** Which companies hold the voucher, the orders that used it, when, and whether a cancel gave it back. */
function UsesDialog({ voucher, onClose }: { voucher: AdminVoucher; onClose: () => void }) {
  const uses = useQuery(couponQueries.uses(voucher.voucher_id));
  return (
    <Modal title={`使用情况：${voucher.name}`} open width={760} footer={null} onCancel={onClose}>
      <QueryTable<VoucherUse>
        query={uses}
        size="small"
        rowKey="voucher_orders_id"
        emptyText="尚未发放或领取"
        columns={[
          { title: '公司', dataIndex: 'company_name', render: (n: string, u) => `${n}（${u.company_id}）` },
          { title: '已用 / 可用', render: (_, u) => `${u.used} / ${u.uses}` },
          {
            title: '订单',
            dataIndex: 'orders',
            render: (orders: VoucherUse['orders']) =>
              orders.length === 0 ? (
                '—'
              ) : (
                <Space direction="vertical" size={2}>
                  {orders.map((o) => (
                    <span key={o.orders_id}>
                      <Link to={`/orders/${o.orders_no}`}>{o.orders_no}</Link> 抵扣 ¥{o.amount} · {o.used_at}{' '}
                      {o.released ? <Tag>已取消，已退回</Tag> : null}
                    </span>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </Modal>
  );
}
