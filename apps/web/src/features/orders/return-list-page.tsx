import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Table, Tabs, type TableColumnsType } from 'antd';
import type { ReturnListRequest, ReturnSummary } from '@shop/core/api/orders';
import { CONSTANTS } from '@shop/core/constants';
import { RETURN_STATUS_TEXT } from '@shop/core/order-status';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb';
import { PaginationBar } from '../../components/pagination-bar/pagination-bar';
import { downloadExport, orderQueries } from '../../entities/order/order-queries';
import { StatusTag } from './order-parts';
import styles from './orders.module.css';
import { notifyError } from '../../lib/notify';

type Filters = { status: NonNullable<ReturnListRequest['status']>; keyword: string; page: number; limit: number };

const TABS = [
  { key: '', label: '全部' },
  ...Object.entries(RETURN_STATUS_TEXT).map(([key, label]) => ({ key, label })),
];

/** /profile/return_orders: the company's purchase returns (status tabs, search, pagination, export). */
export default function ReturnListPage() {
  const [filters, setFilters] = useState<Filters>({
    status: '',
    keyword: '',
    page: 1,
    limit: CONSTANTS.defaultPageSize,
  });
  const [keyword, setKeyword] = useState('');
  const list = useQuery(orderQueries.returns(filters));
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      await downloadExport('returnOrderExport', { status: filters.status }, '退货单.xlsx');
    } catch (err) {
      // e.g. '没有可导出的数据'
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
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
    { title: '状态', key: 'status', width: 90, render: (_, r) => <StatusTag status={r.status} text={r.status_cn} /> },
  ];
  return (
    <div className={`shop-container ${styles.page}`}>
      <Breadcrumb items={[{ label: '首页', to: '/home' }, { label: '个人中心' }, { label: '退货单' }]} />
      <section className={styles.card} aria-label="退货单">
        <div className={styles.head}>
          <h1 className={styles.title}>退货单</h1>
          <Link to="/profile/myorder">我的订单</Link>
        </div>
        <Tabs
          activeKey={filters.status}
          onChange={(key) => setFilters({ ...filters, status: key as Filters['status'], page: 1 })}
          items={TABS}
        />
        <div className={styles.filters}>
          <Input
            className={styles.filterInput}
            placeholder="退货单号 / 订单号"
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => setFilters({ ...filters, keyword: keyword.trim(), page: 1 })}
          />
          <Button type="primary" onClick={() => setFilters({ ...filters, keyword: keyword.trim(), page: 1 })}>
            查询
          </Button>
          <Button loading={exporting} onClick={() => void exportList()}>
            {exporting ? '正在导出…' : '导出退货单'}
          </Button>
        </div>
        {list.isError ? (
          <Alert type="error" showIcon title="退货单加载失败" />
        ) : (
          <>
            <Table<ReturnSummary>
              rowKey="return_id"
              loading={list.isFetching}
              columns={columns}
              dataSource={list.data?.list ?? []}
              pagination={false}
              locale={{ emptyText: <Empty description="暂无退货单" /> }}
            />
            <PaginationBar
              total={list.data?.total ?? 0}
              page={filters.page}
              limit={filters.limit}
              onChange={(page, limit) => setFilters({ ...filters, page, limit })}
            />
          </>
        )}
      </section>
    </div>
  );
}
