import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { DashboardFigures } from '@shop/core/api/admin-dashboard';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** This month's orders (bars) and sales (line) per day; ECharts' core with only what it draws. */
export function DashboardChart({ days }: { days: DashboardFigures['days'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = echarts.init(element, undefined, { renderer: 'svg' });
    chart.setOption({
      tooltip: { trigger: 'axis' },
      // ECharts 6 puts a legend at the bottom by default, over the days: above the plot instead.
      legend: { data: ['订单数', '销售额（元）'], top: 0 },
      grid: { left: 48, right: 64, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: [
        { type: 'value', name: '订单', minInterval: 1 },
        { type: 'value', name: '元' },
      ],
      series: [
        { name: '订单数', type: 'bar', data: days.map((d) => d.orders) },
        // Drawn only: the figures themselves stay decimal text.
        { name: '销售额（元）', type: 'line', yAxisIndex: 1, data: days.map((d) => Number(d.sales)) },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [days]);
  return <div ref={box} style={{ height: 280, width: '100%' }} role="img" aria-label="本月每日订单与销售额" />;
}
