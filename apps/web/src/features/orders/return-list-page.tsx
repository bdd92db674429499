import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tabs, type TableColumnsType } from 'antd';
import type { ReturnSummary } from '@shop/core/api/orders';
import { RETURN_STATUS_TEXT, type ReturnStatus } from '@shop/core/order-status';
import { FilterBar } from '../../components/paged-table/filter-bar';
import { PagedListPage } from '../../components/paged-table/paged-list-page';
import { useUrlFilters } from '../../components/paged-table/paged-table';
import { orderQueries } from '../../entities/order/order-queries';
import { ListActions, statusColumn } from './order-parts';
import styles from './orders.module.css';

const TABS = [
  { key: '', label: '全部' },
  ...Object.entries(RETURN_STATUS_TEXT).map(([key, label]) => ({ key, label })),
];

const DEFAULTS = { status: '', keyword: '' };
const RULES = { status: Object.keys(RETURN_STATUS_TEXT) };

/**
 * /profile/return_orders: the company's purchase returns (status tabs, search, pagination,
 * export). Tab, search, page and size live in the address.
 */
export default function ReturnListPage() {
  const { filters, setFilters, paging } = useUrlFilters(DEFAULTS, { rules: RULES });
  const status = filters.status as ReturnStatus | '';
  const list = useQuery(
    orderQueries.returns({ status, keyword: filters.keyword, page: paging.page, limit: paging.limit }),
  );
  const columns: TableColumnsType<ReturnSummary> = [
    {
      title: '退货单号',
      key: 'no',
      render: (_, r) => <Link to={`/profile/return_orders_detail?id=${r.return_id}`}>{r.return_no}</Link>,
    },
    {
      title: '订单号',
      key: 'order',
      render: (_, r) => <Link to={`/profile/myorder/detail?id=${r.orders_id}`}>{r.orders_no}</Link>,
    },
    { title: '申请时间', dataIndex: 'create_date', key: 'date', width: 170 },
    { title: '件数', dataIndex: 'total_quantity', key: 'q', width: 70 },
    {
      title: '金额',
      key: 'amount',
      width: 110,
      render: (_, r) => <span className={styles.amount}>¥{r.total_amount}</span>,
    },
    { title: '原因', dataIndex: 'reason', key: 'reason', ellipsis: true },
    statusColumn(),
  ];
  return (
    <PagedListPage<ReturnSummary>
      title="退货单"
      actions={<ListActions kind="returnOrderExport" filters={{ status }} />}
      rowKey="return_id"
      columns={columns}
      query={list}
      paging={paging}
      emptyText="暂无退货单"
    >
      <Tabs activeKey={status} onChange={(key) => setFilters({ status: key })} items={TABS} />
      <FilterBar
        filters={filters}
        onSearch={setFilters}
        inputs={[{ name: 'keyword', placeholder: '退货单号 / 订单号' }]}
      />
    </PagedListPage>
  );
}
