import { lazy, Suspense } from 'react';
import { Card, Col, Row, Segmented, Skeleton, Space, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { NOT_FOUND_PERIOD_DAYS, NOT_FOUND_PERIODS, type NotFoundLists } from '@shop/core/api/admin-dashboard';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { hasPermission, meQuery } from '../../lib/staff';
import { useUrlQuery } from '../../lib/use-url-query';
import { figuresQuery, notFoundQuery } from './dashboard-api';

// ECharts comes with the chart only, after the figures.
const DashboardChart = lazy(() => import('./dashboard-chart').then((m) => ({ default: m.DashboardChart })));

/**
 * /admin/: the dashboard. The figures (orders.read): today's and this month's orders and sales,
 * what waits to be shipped, answered or reviewed, and this month per day. What dealers looked
 * for and did not find (catalog.manage), by frequency, over a period kept in the address.
 */
export function DashboardPage() {
  const me = useQuery(meQuery).data;
  return (
    <PageShell title="看板">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {hasPermission(me, 'orders.read') ? <Figures /> : null}
        {hasPermission(me, 'catalog.manage') ? <NotFound /> : null}
      </Space>
    </PageShell>
  );
}

function Figures() {
  const figures = useQuery(figuresQuery);
  if (figures.isError) return <LoadError error={figures.error} onRetry={() => void figures.refetch()} />;
  const f = figures.data;
  if (!f) return <Skeleton active />;
  const cards: [string, string | number, string?][] = [
    ['今日订单', f.today.orders, '单'],
    ['今日销售额', f.today.sales, '元'],
    ['本月订单', f.month.orders, '单'],
    ['本月销售额', f.month.sales, '元'],
    ['待发货订单', f.to_ship, '单'],
    ['待处理退货', f.open_returns, '单'],
    ['待回复咨询', f.open_questions, '条'],
  ];
  return (
    <section aria-label="经营数据">
      <Row gutter={[16, 16]}>
        {cards.map(([title, value, suffix]) => (
          <Col key={title} xs={12} md={8} xl={6} xxl={3}>
            <Card size="small">
              <Statistic title={title} value={value} suffix={suffix} />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        本月每日订单与销售额（{f.day.slice(0, 7)}，不含已取消订单）
      </Typography.Title>
      <Suspense fallback={<Skeleton active />}>
        <DashboardChart days={f.days} />
      </Suspense>
    </section>
  );
}

const PERIODS = NOT_FOUND_PERIOD_DAYS.map((d) => ({ value: String(d), label: NOT_FOUND_PERIODS[d] }));

function NotFound() {
  const { filters, setFilters } = useUrlQuery(['days'] as const);
  const days = PERIODS.some((p) => p.value === filters.days) ? Number(filters.days) : 7;
  const lists = useQuery(notFoundQuery(days));
  return (
    <section aria-label="未找到的需求">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          经销商搜索未找到的需求（按次数）
        </Typography.Title>
        <Segmented
          aria-label="统计周期"
          options={PERIODS}
          value={String(days)}
          onChange={(value) => setFilters({ days: value === '7' ? '' : value })}
        />
      </Space>
      {lists.isError ? (
        <LoadError error={lists.error} onRetry={() => void lists.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          <NotFoundTable<NotFoundLists['searches'][number]>
            title="未找到的编号与关键词（搜索框与批量查询）"
            rowKey="keyword"
            query={lists}
            rows={lists.data?.searches}
            columns={[
              { title: '编号 / 关键词', dataIndex: 'keyword' },
              { title: '次数', dataIndex: 'times', width: 80, align: 'right' },
            ]}
          />
          <NotFoundTable<NotFoundLists['vins'][number]>
            title="无法识别车型的 VIN"
            rowKey="vin"
            query={lists}
            rows={lists.data?.vins}
            columns={[
              { title: 'VIN', dataIndex: 'vin' },
              { title: '识别的厂商', dataIndex: 'vehicle_name' },
              { title: '次数', dataIndex: 'times', width: 80, align: 'right' },
              { title: '最近一次', dataIndex: 'last_at' },
            ]}
          />
        </Row>
      )}
    </section>
  );
}

/** One of the two not-found lists, half the width on a wide screen, ten a page. */
function NotFoundTable<T extends object>({
  title,
  rowKey,
  query,
  rows,
  columns,
}: {
  title: string;
  rowKey: keyof T & string;
  query: { isFetching: boolean; isPending: boolean };
  rows: T[] | undefined;
  columns: TableColumnsType<T>;
}) {
  return (
    <Col xs={24} xl={12}>
      <Table<T>
        title={() => title}
        size="small"
        rowKey={rowKey}
        loading={query.isFetching}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: query.isPending ? '加载中…' : '该时段没有未找到的记录' }}
        columns={columns}
      />
    </Col>
  );
}
