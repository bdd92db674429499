import { idOf } from '@shop/core/api/id-input';
import { Typography, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import type { AdminClaim } from '@shop/core/api/price-protection';
import { useUrlList } from '../../components/list-page';
import { PagedTable } from '../../components/paged-table';
import { BadIdPage, PageShell } from '../../components/page-shell';
import { priceProtectionQueries } from './price-protection-api';

const KEYS = [] as const;

const columns: TableColumnsType<AdminClaim> = [
  { title: '公司', dataIndex: 'company_name' },
  { title: '订单号', dataIndex: 'orders_no', render: (no: string) => <Link to={`/orders/${no}`}>{no}</Link> },
  { title: '数量', dataIndex: 'quantity', align: 'right' },
  { title: '单价（原→新）', render: (_, c) => `¥${c.unit_paid} → ¥${c.unit_new}` },
  { title: '补偿', dataIndex: 'amount', align: 'right', render: (v: string) => `¥${v}` },
  {
    title: '退货扣回',
    align: 'right',
    render: (_, c) => (c.reversed_quantity > 0 ? `${c.reversed_quantity} 件 ¥${c.reversed_amount}` : '—'),
  },
  {
    title: '说明',
    dataIndex: 'explanation',
    // A sentence: wrapped in a column of its own width, so 补偿时间 stays in sight beside it.
    width: 280,
    render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
  },
  { title: '补偿时间', dataIndex: 'created_at' },
];

/** /admin/price-protection/:id: the order lines one price drop compensated, by company, with their reversals. */
export function PriceProtectionClaimsPage() {
  const id = idOf(useParams().id ?? '') ?? 0;
  const list = useUrlList(
    KEYS,
    () => ({}),
    (filters) => ({
      ...priceProtectionQueries.claims(id, filters),
      enabled: id > 0,
    }),
  );
  const back = <Link to="/price-protection">返回价保补偿</Link>;
  if (id === 0) return <BadIdPage title="补偿明细" back={back} problem="调价记录编号不正确" />;
  return (
    <PageShell title="补偿明细" extra={back}>
      <PagedTable<AdminClaim>
        query={list.query}
        paging={list.paging}
        columns={columns}
        rowKey="id"
        emptyText="该次调价没有补偿"
      />
    </PageShell>
  );
}
