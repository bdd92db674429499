import { Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminRun } from '@shop/core/api/price-protection';
import { ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { priceProtectionQueries } from './price-protection-api';

const KEYS = ['keyword'] as const;
const SOURCE: Record<string, string> = { manual: '手工调价', import: 'ERP 导入', rollback: '导入回滚' };

const columns: TableColumnsType<AdminRun> = [
  {
    title: '商品',
    dataIndex: 'l_name_zh',
    render: (name: string, r) => (
      <>
        {name}
        <div>
          <Typography.Text type="secondary">{r.frey_no}</Typography.Text>
        </div>
      </>
    ),
  },
  { title: '经销价', render: (_, r) => `¥${r.old_price ?? '—'} → ¥${r.new_price ?? '—'}` },
  { title: '来源', dataIndex: 'source', render: (s: string, r) => `${SOURCE[s] ?? s}（${r.staff_name || '—'}）` },
  { title: '调价时间', dataIndex: 'adjust_time' },
  { title: '公司数', dataIndex: 'companies', align: 'right' },
  { title: '订单行', dataIndex: 'lines', align: 'right' },
  { title: '补偿合计', dataIndex: 'amount', align: 'right', render: (v: string) => `¥${v}` },
  { title: '退货扣回', dataIndex: 'reversed_amount', align: 'right', render: (v: string) => `¥${v}` },
  {
    title: '操作',
    render: (_, r) => (r.lines > 0 ? <Link to={`/price-protection/${r.adjust_id}`}>补偿明细</Link> : '—'),
  },
];

/** /admin/price-protection: every price drop with the companies, lines and amounts it compensated (价保补偿). */
export function PriceProtectionRunsPage() {
  const list = useUrlList(KEYS, (filters) => ({ keyword: filters.keyword || undefined }), priceProtectionQueries.runs);
  return (
    <ListPage title="价保补偿" list={list} table={{ columns, rowKey: 'adjust_id', emptyText: '暂无降价补偿记录' }}>
      <TextFilter name="keyword" label="商品" placeholder="商品编码、OE号或名称" maxLength={50} width={220} />
    </ListPage>
  );
}
