import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs, type TableColumnsType } from 'antd';
import type { OrderSummary } from '@shop/core/api/orders';
import { ORDER_STATUS_TABS } from '@shop/core/order-status';
import { WAREHOUSE_NAMES } from '@shop/core/constants';
import { FilterBar } from '../../components/paged-table/filter-bar';
import { PagedListPage } from '../../components/paged-table/paged-list-page';
import { useUrlFilters } from '../../components/paged-table/paged-table';
import { CART_ROUTE, type CartRouteState } from '../../entities/cart/cart-queries';
import { orderQueries, useBuyAgain, useCancelOrder, useReceiveAll } from '../../entities/order/order-queries';
import { CONFIRM, ConfirmButton, ListActions, statusColumn } from './order-parts';
import styles from './orders.module.css';

const DEFAULTS = { status: '', orders_no: '', keyword: '', start_date: '', end_date: '' };

const RULES = { status: ORDER_STATUS_TABS.map((t) => t.key), start_date: 'day', end_date: 'day' } as const;

/**
 * /profile/myorder: the company's orders with status tabs (with counts), filters (order number,
 * part number or name, dates), pagination, and per order: detail, cancel (confirmed), confirm
 * receipt, buy again (back to the cart with those lines checked); export of the filtered list.
 * Tab, filters, page and size live in the address.
 */
export default function OrderListPage() {
  const navigate = useNavigate();
  const { filters: read, setFilters, paging } = useUrlFilters(DEFAULTS, { rules: RULES });
  const filters = { ...read, status: read.status as (typeof RULES.status)[number] };
  const list = useQuery(orderQueries.list({ ...filters, page: paging.page, limit: paging.limit }));
  const cancel = useCancelOrder();
  const receipt = useReceiveAll();
  const buyAgain = useBuyAgain();

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
      // A width of its own: without one, the empty table squeezed it and its header grew three lines high.
      width: 170,
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
    statusColumn(),
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, o) => (
        <div className={styles.actions}>
          <Link to={`/profile/myorder/detail?id=${o.orders_id}`}>详情</Link>
          {o.can_cancel === 1 && (
            <ConfirmButton
              confirm={CONFIRM.cancelOrder}
              onConfirm={() => cancel.mutateAsync({ order_id: o.orders_id })}
              type="link"
              size="small"
              danger
            >
              取消订单
            </ConfirmButton>
          )}
          {o.can_receipt === 1 && (
            <ConfirmButton
              confirm={CONFIRM.receiveOrder}
              onConfirm={() => receipt.mutateAsync([o.orders_id])}
              type="link"
              size="small"
            >
              确认收货
            </ConfirmButton>
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
    <PagedListPage<OrderSummary>
      title="我的订单"
      actions={<ListActions kind="orderExport" filters={filters} />}
      rowKey="orders_id"
      columns={columns}
      query={list}
      paging={paging}
      emptyText="暂无订单"
    >
      <Tabs
        activeKey={filters.status}
        onChange={(key) => setFilters({ status: key })}
        items={ORDER_STATUS_TABS.map((t) => ({
          key: t.key,
          label: `${t.label}${list.data ? ` (${counts[t.key || 'all'] ?? 0})` : ''}`,
        }))}
      />
      <FilterBar
        filters={filters}
        onSearch={setFilters}
        inputs={[
          { name: 'orders_no', placeholder: '订单号' },
          { name: 'keyword', placeholder: '编码 / OE号 / 商品名称' },
        ]}
        dateRange={{ start: 'start_date', end: 'end_date', label: '下单日期', placeholder: ['开始日期', '结束日期'] }}
        onReset={() => setFilters(DEFAULTS)}
      />
    </PagedListPage>
  );
}
