import { useEffect, useMemo, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ReportGroup, ReportMonth } from '@shop/core/api/report';

/**
 * The report's charts: ECharts' core with only what they draw, in this lazily loaded page's
 * chunk (the rest of the shop carries none of it). Amounts are drawn only; the figures shown as
 * text stay decimal strings.
 */
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

function useChart(option: echarts.EChartsCoreOption) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = echarts.init(element, undefined, { renderer: 'svg' });
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [option]);
  return box;
}

/** Purchases per month (bars) against the same month last year (bars), with the change (line). */
export function MonthChart({ months }: { months: ReportMonth[] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['本期采购额', '去年同期', '同比(%)'] },
      grid: { left: 64, right: 56, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: [
        { type: 'value', name: '元' },
        { type: 'value', name: '%' },
      ],
      series: [
        { name: '本期采购额', type: 'bar', data: months.map((m) => Number(m.amount)), itemStyle: { color: '#e4393c' } },
        {
          name: '去年同期',
          type: 'bar',
          data: months.map((m) => Number(m.last_amount)),
          itemStyle: { color: '#b0b7c3' },
        },
        {
          name: '同比(%)',
          type: 'line',
          yAxisIndex: 1,
          data: months.map((m) => (m.yoy === null ? null : Number(m.yoy))),
          connectNulls: true,
        },
      ],
    }),
    [months],
  );
  const box = useChart(option);
  return <div ref={box} style={{ height: 300, width: '100%' }} role="img" aria-label="每月采购额与去年同期" />;
}

/** A share of the period's amount by group (category or make). */
export function ShareChart({ groups, label }: { groups: ReportGroup[]; label: string }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} 元 ({d}%)' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          name: label,
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          data: groups.filter((g) => g.amount !== '0.00').map((g) => ({ name: g.name, value: Number(g.amount) })),
        },
      ],
    }),
    [groups, label],
  );
  const box = useChart(option);
  return <div ref={box} style={{ height: 280, width: '100%' }} role="img" aria-label={label} />;
}
