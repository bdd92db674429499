import { Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminOrderSummary } from '@shop/core/api/admin';
import { ORDER_STATUS_TEXT, ORDER_STATUSES } from '@shop/core/order-status';
import { DownloadButton } from '../../components/download-button';
import { CompanyIdItem, DayRangeItem, UrlFilterBar, validCompanyId, validDay } from '../../components/filter-bar';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { useUrlQuery } from '../../lib/use-url-query';
import { orderQueries } from './orders-api';
import { statusColor } from './order-status-tag';

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
    render: (text: string, o) => <Tag color={statusColor(o.status)}>{text}</Tag>,
  },
  { title: '金额（元）', dataIndex: 'total_amount', align: 'right' },
  { title: '下单时间', dataIndex: 'created_at' },
];

/** /admin/orders: every company's orders, filtered by status, company, dates, number and part. */
export function OrdersPage() {
  const paging = useUrlQuery(KEYS);
  const { filters, page, limit } = paging;
  const search = {
    status: (ORDER_STATUSES as string[]).includes(filters.status) ? filters.status : undefined,
    company_id: validCompanyId(filters.company_id),
    orders_no: filters.orders_no || undefined,
    part: filters.part || undefined,
    start_date: validDay(filters.start_date),
    end_date: validDay(filters.end_date),
  };
  const query = useQuery(orderQueries.list({ ...search, page, limit }));

  return (
    <PageShell
      title="订单管理"
      extra={
        <DownloadButton label="导出订单" path="/api/admin/orders/export" query={search} fallbackName="订单.xlsx" />
      }
    >
      <UrlFilterBar query={paging}>
        <Form.Item name="orders_no" label="订单号">
          <Input placeholder="订单号（部分即可）" allowClear maxLength={40} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="part" label="配件">
          <Input placeholder="配件名称 / 编号 / OE 号" allowClear maxLength={50} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            placeholder="全部状态"
            allowClear
            style={{ width: 140 }}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_TEXT[s] }))}
          />
        </Form.Item>
        <CompanyIdItem />
        <DayRangeItem label="下单日期" />
      </UrlFilterBar>
      <PagedTable<AdminOrderSummary>
        query={query}
        columns={columns}
        rowKey="orders_no"
        paging={paging}
        emptyText="暂无符合条件的订单"
      />
    </PageShell>
  );
}
