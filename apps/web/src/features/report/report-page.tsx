import { PAGE_SHOWS_ERRORS } from '../../lib/query-client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { PartnerSaleSummary, ReportGroup, ReportMonth, ReportPart } from '@shop/core/api/report';
import { chinaMonthOf, defaultReportPeriod, REPORT_MAX_MONTHS, reportPeriodProblem } from '@shop/core/report-rules';
import { LoadingState, PageShell } from '../../components/page-shell/page-shell';
import { LoadError } from '../../components/load-error/load-error';
import { DownloadButton } from '../../components/download-button/download-button';
import { notify } from '../../lib/notify';
import { LinesTable } from '../../components/lines-table/lines-table';
import { downloadReport, reportQueries } from './api/report-api';
import { MonthChart, ShareChart } from './report-charts';
import tiles from '../../components/stat-tiles/stat-tiles.module.css';
import styles from './report.module.css';
import { groupedMoney } from '@shop/core/money';

type Figures = PartnerSaleSummary['total'];

function Yoy({ value }: { value: string | null }) {
  if (value === null) return <span className={styles.muted}>—</span>;
  const up = !value.startsWith('-');
  return <Tag color={up ? 'red' : 'green'}>{`${up ? '+' : ''}${value}%`}</Tag>;
}

function figureColumns<T extends Figures>(): TableColumnsType<T> {
  return [
    { title: '采购数量', dataIndex: 'quantity', align: 'right', width: 100 },
    { title: '采购金额(元)', dataIndex: 'amount', align: 'right', width: 130, render: groupedMoney },
    { title: '去年同期数量', dataIndex: 'last_quantity', align: 'right', width: 120 },
    { title: '去年同期金额(元)', dataIndex: 'last_amount', align: 'right', width: 150, render: groupedMoney },
    { title: '同比', dataIndex: 'yoy', align: 'right', width: 100, render: (v: string | null) => <Yoy value={v} /> },
  ];
}

const monthColumns: TableColumnsType<ReportMonth> = [
  { title: '月份', dataIndex: 'month', width: 100 },
  { title: '去年同月', dataIndex: 'last_month', width: 100 },
  ...figureColumns<ReportMonth>(),
];
const groupColumns = (title: string): TableColumnsType<ReportGroup> => [
  { title, dataIndex: 'name' },
  ...figureColumns<ReportGroup>(),
];
const partColumns: TableColumnsType<ReportPart> = [
  { title: '配件编码', dataIndex: 'frey_no', width: 140 },
  { title: '配件名称', dataIndex: 'l_name_zh' },
  { title: '品牌', dataIndex: 'make_name', width: 100 },
  { title: '分类', dataIndex: 'category_name', width: 120 },
  ...figureColumns<ReportPart>(),
];

const thisMonth = () => chinaMonthOf(new Date());

/** /parts/report: 合伙人报表 (main accounts, report module): the company's purchases against last year. */
export default function ReportPage() {
  const [period, setPeriod] = useState(() => defaultReportPeriod(thisMonth()));
  const summary = useQuery({ ...reportQueries.summary(period), meta: PAGE_SHOWS_ERRORS });

  const choose = (range: [Dayjs | null, Dayjs | null] | null) => {
    if (!range?.[0] || !range[1]) return;
    const next = { start_month: range[0].format('YYYY-MM'), end_month: range[1].format('YYYY-MM') };
    const problem = reportPeriodProblem(next.start_month, next.end_month);
    if (problem) {
      notify.error(problem);
      return;
    }
    setPeriod(next);
  };

  const s = summary.data;
  return (
    <div className="shop-container">
      <PageShell
        title="合伙人报表"
        hint={s ? `对比去年同期 ${s.last_start_month} 至 ${s.last_end_month}` : undefined}
        crumbs={[{ label: '首页', to: '/home' }, { label: '合伙人报表' }]}
        actions={
          <>
            <DatePicker.RangePicker
              picker="month"
              allowClear={false}
              value={[dayjs(`${period.start_month}-01`), dayjs(`${period.end_month}-01`)]}
              onChange={choose}
              aria-label="查询月份"
            />
            <DownloadButton download={(onProgress) => downloadReport(period, onProgress)} disabled={!s}>
              导出报表
            </DownloadButton>
          </>
        }
      >
        <p className={styles.muted}>
          采购额为订单金额减去已完成退货，按下单月份（北京时间）统计，不含已取消订单；一次最多查询 {REPORT_MAX_MONTHS}{' '}
          个月。
        </p>
        {summary.isError ? (
          <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
        ) : !s ? (
          <LoadingState />
        ) : (
          <div aria-busy={summary.isFetching}>
            <div className={tiles.tiles}>
              <div className={tiles.tile}>
                <div className={tiles.label}>本期采购金额</div>
                <div className={tiles.value}>¥{groupedMoney(s.total.amount)}</div>
              </div>
              <div className={tiles.tile}>
                <div className={tiles.label}>去年同期</div>
                <div className={styles.statValueGrey}>¥{groupedMoney(s.total.last_amount)}</div>
              </div>
              <div className={tiles.tile}>
                <div className={tiles.label}>同比</div>
                <div className={styles.statValueGrey}>
                  <Yoy value={s.total.yoy} />
                </div>
              </div>
              <div className={tiles.tile}>
                <div className={tiles.label}>采购数量 / 配件种数</div>
                <div className={styles.statValueGrey}>
                  {s.total.quantity} / {s.part_count}
                </div>
              </div>
            </div>
            {s.total.quantity === 0 && s.total.last_quantity === 0 ? (
              <p className={styles.empty}>所选月份及去年同期没有采购记录</p>
            ) : (
              <>
                <MonthChart months={s.months} />
                <div className={styles.charts}>
                  <ShareChart groups={s.categories} label="按分类的采购额" />
                  <ShareChart groups={s.makes} label="按车型品牌的采购额" />
                </div>
              </>
            )}
            <Tabs
              items={[
                {
                  key: 'month',
                  label: '按月份',
                  children: <LinesTable rowKey="month" columns={monthColumns} dataSource={s.months} />,
                },
                {
                  key: 'category',
                  label: '按分类',
                  children: <LinesTable rowKey="id" columns={groupColumns('分类')} dataSource={s.categories} />,
                },
                {
                  key: 'make',
                  label: '按车型品牌',
                  children: <LinesTable rowKey="id" columns={groupColumns('品牌')} dataSource={s.makes} />,
                },
                {
                  key: 'part',
                  label: `按配件（前 ${s.parts.length} / 共 ${s.part_count}）`,
                  children: (
                    <Table
                      rowKey="product_id"
                      size="small"
                      columns={partColumns}
                      dataSource={s.parts}
                      pagination={{ pageSize: 20, showSizeChanger: false }}
                    />
                  ),
                },
              ]}
            />
          </div>
        )}
      </PageShell>
    </div>
  );
}
