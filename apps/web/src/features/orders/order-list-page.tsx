import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Empty, Input, Popconfirm, Table, Tabs, type TableColumnsType } from 'antd';
import type { OrderSummary, PurchaseListRequest } from '@shop/core/api/orders';
import { CONSTANTS } from '@shop/core/constants';
import { ORDER_STATUS_TABS } from '@shop/core/order-status';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb';
import { PaginationBar } from '../../components/pagination-bar/pagination-bar';
import { CART_ROUTE, type CartRouteState } from '../../entities/cart/cart-queries';
import {
  downloadExport,
  orderQueries,
  useBuyAgain,
  useCancelOrder,
  useReceiveAll,
} from '../../entities/order/order-queries';
import { StatusTag } from './order-parts';
import { WAREHOUSE_NAMES } from '@shop/core/constants';
import styles from './orders.module.css';
import { notifyError } from '../../lib/notify';

type Filters = Required<Pick<PurchaseListRequest, 'status' | 'orders_no' | 'keyword' | 'start_date' | 'end_date'>> & {
  page: number;
  limit: number;
};

const EMPTY: Filters = {
  status: '',
  orders_no: '',
  keyword: '',
  start_date: '',
  end_date: '',
  page: 1,
  limit: CONSTANTS.defaultPageSize,
};

/**
 * /profile/myorder: the company's orders with status tabs (with counts), filters (order number,
 * part number or name, dates), pagination, and per order: detail, cancel (confirmed), confirm
 * receipt, buy again (back to the cart with those lines checked); export of the filtered list.
 */
export default function OrderListPage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [draft, setDraft] = useState(EMPTY);
  const list = useQuery(orderQueries.list(filters));
  const cancel = useCancelOrder();
  const receipt = useReceiveAll();
  const buyAgain = useBuyAgain();
  const [exporting, setExporting] = useState(false);

  const search = () => setFilters({ ...draft, status: filters.status, page: 1, limit: filters.limit });
  // The date picker keeps its own value: a reset remounts it.
  const [resets, setResets] = useState(0);
  const reset = () => {
    setResets((n) => n + 1);
    setDraft(EMPTY);
    setFilters({ ...EMPTY, limit: filters.limit });
  };
  const exportList = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...rest } = filters;
      await downloadExport('orderExport', rest, '订单.xlsx');
    } catch (err) {
      // e.g. '没有可导出的数据'
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
  const again = async (orderId: number) => {
    const result = await buyAgain.mutateAsync(orderId);
    const state: CartRouteState = { repurchase: result.repurchaseProduct };
    void navigate(CART_ROUTE, { state });
  };

  const counts = list.data?.status_counts ?? {};
  const columns: TableColumnsType<OrderSummary> = [
    {
      title: '订单号',
      key: 'no',
      render: (_, o) => <Link to={`/profile/myorder/detail?id=${o.orders_id}`}>{o.orders_no}</Link>,
    },
    { title: '下单时间', dataIndex: 'create_date', key: 'date', width: 170 },
    {
      title: '仓库',
      key: 'warehouses',
      width: 130,
      render: (_, o) => o.warehouse_types.map((w) => WAREHOUSE_NAMES[w]).join('、'),
    },
    {
      title: '商品',
      key: 'items',
      width: 130,
      render: (_, o) => (
        <>
          {o.item_count} 种 {o.total_quantity} 件
          {o.lack_count > 0 && <div className={styles.muted}>缺货 {o.lack_count} 种</div>}
        </>
      ),
    },
    {
      title: '金额',
      key: 'amount',
      width: 120,
      render: (_, o) => <span className={styles.amount}>¥{o.total_amount}</span>,
    },
    { title: '下单人', dataIndex: 'user_name', key: 'user', width: 110 },
    { title: '状态', key: 'status', width: 90, render: (_, o) => <StatusTag status={o.status} text={o.status_cn} /> },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, o) => (
        <div className={styles.actions}>
          <Link to={`/profile/myorder/detail?id=${o.orders_id}`}>详情</Link>
          {o.can_cancel === 1 && (
            <Popconfirm
              title="确定取消该订单吗？"
              description="取消后库存将退回，不能恢复。"
              okText="取消订单"
              cancelText="再想想"
              onConfirm={() => cancel.mutateAsync({ order_id: o.orders_id }).catch(() => {})}
            >
              <Button type="link" size="small" danger>
                取消订单
              </Button>
            </Popconfirm>
          )}
          {o.can_receipt === 1 && (
            <Popconfirm
              title="确认已收到该订单的全部包裹吗？"
              okText="确认收货"
              cancelText="取消"
              onConfirm={() => receipt.mutateAsync([o.orders_id]).catch(() => {})}
            >
              <Button type="link" size="small">
                确认收货
              </Button>
            </Popconfirm>
          )}
          <Button
            type="link"
            size="small"
            disabled={buyAgain.isPending}
            onClick={() => void again(o.orders_id).catch(() => {})}
          >
            再次购买
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={`shop-container ${styles.page}`}>
      <Breadcrumb items={[{ label: '首页', to: '/home' }, { label: '个人中心' }, { label: '我的订单' }]} />
      <section className={styles.card} aria-label="我的订单">
        <div className={styles.head}>
          <h1 className={styles.title}>我的订单</h1>
          <Link to="/profile/return_orders">退货单</Link>
        </div>
        <Tabs
          activeKey={filters.status}
          onChange={(key) => setFilters({ ...filters, status: key as Filters['status'], page: 1 })}
          items={ORDER_STATUS_TABS.map((t) => ({
            key: t.key,
            label: `${t.label}${list.data ? ` (${counts[t.key || 'all'] ?? 0})` : ''}`,
          }))}
        />
        <div className={styles.filters}>
          <Input
            className={styles.filterInput}
            placeholder="订单号"
            allowClear
            value={draft.orders_no}
            onChange={(e) => setDraft({ ...draft, orders_no: e.target.value })}
            onPressEnter={search}
          />
          <Input
            className={styles.filterInput}
            placeholder="编码 / OE号 / 商品名称"
            allowClear
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            onPressEnter={search}
          />
          <DatePicker.RangePicker
            key={resets}
            aria-label="下单日期"
            placeholder={['开始日期', '结束日期']}
            onChange={(_, [start, end]) => setDraft({ ...draft, start_date: start, end_date: end })}
          />
          <Button type="primary" onClick={search}>
            查询
          </Button>
          <Button onClick={reset}>重置</Button>
          <Button loading={exporting} onClick={() => void exportList()}>
            {exporting ? '正在导出…' : '导出订单'}
          </Button>
        </div>
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title="订单加载失败"
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <>
            <Table<OrderSummary>
              rowKey="orders_id"
              size="middle"
              loading={list.isFetching}
              columns={columns}
              dataSource={list.data?.list ?? []}
              pagination={false}
              locale={{ emptyText: <Empty description="暂无订单" /> }}
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
