import { idOf } from '@shop/core/api/id-input';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminOrderSummary } from '@shop/core/api/admin';
import { ORDER_STATUS_TEXT, ORDER_STATUSES } from '@shop/core/order-status';
import { DownloadButton } from '../../components/download-button';
import { CompanyIdItem, DayRangeItem, oneOf, validDay } from '../../components/filter-bar';
import { ChoiceFilter, ListPage, TextFilter, useUrlList } from '../../components/list-page';
import { orderQueries } from './orders-api';
import { StatusTag } from './order-status-tag';

const KEYS = ['status', 'company_id', 'orders_no', 'part', 'start_date', 'end_date'] as const;

const columns: TableColumnsType<AdminOrderSummary> = [
  {
    title: '订单号',
    dataIndex: 'orders_no',
    render: (no: string) => <Link to={`/orders/${encodeURIComponent(no)}`}>{no}</Link>,
  },
  { title: '公司', dataIndex: 'company_name', render: (name: string, o) => `${name}（${o.company_id}）` },
  { title: '下单账号', dataIndex: 'account_name' },
  {
    title: '状态',
    dataIndex: 'status_cn',
    render: (text: string, o) => <StatusTag status={o.status} text={text} />,
  },
  { title: '金额（元）', dataIndex: 'total_amount', align: 'right' },
  { title: '下单时间', dataIndex: 'created_at' },
];

/** /admin/orders: every company's orders, filtered by status, company, dates, number and part. */
export function OrdersPage() {
  const list = useUrlList(
    KEYS,
    (filters) => ({
      status: oneOf(ORDER_STATUSES, filters.status),
      company_id: idOf(filters.company_id),
      orders_no: filters.orders_no || undefined,
      part: filters.part || undefined,
      start_date: validDay(filters.start_date),
      end_date: validDay(filters.end_date),
    }),
    orderQueries.list,
  );

  return (
    <ListPage
      title="订单管理"
      extra={
        <DownloadButton label="导出订单" path="/api/admin/orders/export" query={list.search} fallbackName="订单.xlsx" />
      }
      list={list}
      table={{ columns, rowKey: 'orders_no', emptyText: '暂无符合条件的订单' }}
    >
      <TextFilter name="orders_no" label="订单号" placeholder="订单号（部分即可）" maxLength={40} width={200} />
      <TextFilter name="part" label="配件" placeholder="配件名称 / 编号 / OE 号" maxLength={50} width={200} />
      <ChoiceFilter name="status" label="状态" width={140} values={ORDER_STATUSES} texts={ORDER_STATUS_TEXT} />
      <CompanyIdItem />
      <DayRangeItem label="下单日期" />
    </ListPage>
  );
}
