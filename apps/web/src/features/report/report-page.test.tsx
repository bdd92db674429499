import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notesPerTest } from '../../test/notes';
import { catchDownloads } from '../../test/downloads';
import { renderRoutes } from '../../test/render-route';
import {
  makeReportGroup,
  makeReportMonth,
  makeReportPart,
  makeReportSummary,
  makeProfile,
} from '../../test/server/factories';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest, type StubAnswer } from '../../test/server/stub-server';
import ReportPage from './report-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers(makeProfile({ is_main: 1 })));
const SUMMARY = 'POST /api/Shop.Report/partnerSaleSummary';
const EXPORT = 'GET /api/Shop.Report/partnerSaleExport';

// The page's default period is January of the China-time year up to the China-time month: at
// 01:00 on 1 March in China (still 28 February in UTC) that is 2026-01 to 2026-03.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-02-28T17:00:00Z'));
  // happy-dom lays nothing out: give the chart boxes the size a browser would, so ECharts draws.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The report of the period asked, built by `build` (the period is the one the page sent). */
function answers(build: (period: { start_month: string; end_month: string }) => StubAnswer) {
  server.use({ [SUMMARY]: ({ body }) => build(body as { start_month: string; end_month: string }) });
}

/** Picks a period in the month range picker: the start month's cell, then the end month's. */
async function pickPeriod(start: string, end: string) {
  fireEvent.mouseDown(screen.getAllByLabelText('查询月份')[0]!);
  fireEvent.click(screen.getAllByLabelText('查询月份')[0]!);
  const cell = (month: string) => document.querySelector<HTMLElement>(`td[title="${month}"]`);
  await waitFor(() => expect(cell(start)).toBeTruthy());
  fireEvent.click(cell(start)!);
  await waitFor(() => expect(cell(end)).toBeTruthy());
  fireEvent.click(cell(end)!);
}
const pickerValues = () => screen.getAllByLabelText('查询月份').map((i) => (i as HTMLInputElement).value);

const open = () => renderRoutes([{ path: '/parts/report', element: <ReportPage /> }], ['/parts/report']);

/** The rows of the table in the open tab, as the texts of their cells. */
function tableRows(): string[][] {
  const panel = screen.getAllByRole('tabpanel').find((p) => p.getAttribute('aria-hidden') !== 'true')!;
  return [...panel.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

describe('/parts/report', () => {
  it('asks for this year up to the China-time month and shows the totals, the charts and the month table', async () => {
    answers((period) =>
      makeReportSummary({
        ...period,
        total: { quantity: 9, amount: '1234.50', last_quantity: 4, last_amount: '1000.00', yoy: '23.5' },
        months: [
          makeReportMonth('2026-01', { quantity: 5, amount: '734.50', last_amount: '1000.00', yoy: '-26.6' }),
          makeReportMonth('2026-02', { quantity: 0, amount: '0.00', last_quantity: 0, last_amount: '0.00', yoy: null }),
          makeReportMonth('2026-03', {
            quantity: 4,
            amount: '500.00',
            last_quantity: 0,
            last_amount: '0.00',
            yoy: null,
          }),
        ],
        part_count: 3,
      }),
    );
    open();
    expect(await screen.findByText('¥1,234.50')).toBeTruthy();
    expect(server.callsTo(SUMMARY).map((c) => c.body)).toEqual([{ start_month: '2026-01', end_month: '2026-03' }]);
    expect(screen.getByText('对比去年同期 2025-01 至 2025-03')).toBeTruthy();
    expect(screen.getByText('¥1,000.00')).toBeTruthy();
    expect(screen.getByText('9 / 3')).toBeTruthy();
    // The month chart (bars against last year, the change as a line) and the two share charts,
    // drawn as SVG by ECharts into their boxes.
    const monthChart = screen.getByRole('img', { name: '每月采购额与去年同期' });
    await waitFor(() => expect(monthChart.querySelector('svg')).toBeTruthy());
    const legend = [...monthChart.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(legend).toEqual(expect.arrayContaining(['本期采购额', '去年同期', '同比(%)', '2026-01', '2026-03']));
    for (const name of ['按分类的采购额', '按车型品牌的采购额'])
      await waitFor(() => expect(screen.getByRole('img', { name }).querySelector('svg')).toBeTruthy());
    // A rise is '+', a fall keeps its '-', no figure last year is '—'.
    expect(tableRows()).toEqual([
      ['2026-01', '2025-01', '5', '734.50', '1', '1,000.00', '-26.6%'],
      ['2026-02', '2025-02', '0', '0.00', '0', '0.00', '—'],
      ['2026-03', '2025-03', '4', '500.00', '0', '0.00', '—'],
    ]);
    expect(screen.getAllByText('+23.5%')).toHaveLength(1);
  }, 20_000);

  it('asks for a period picked; one over 12 months is refused with a message and not asked for', async () => {
    // The amount tells which period is shown.
    const amounts: Record<string, string> = { '2026-03': '300.00', '2026-05': '500.00' };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answers(async (period) => {
      if (period.end_month !== '2026-03') await held;
      return makeReportSummary({
        ...period,
        total: { ...makeReportSummary().total, amount: amounts[period.end_month]! },
      });
    });
    open();
    await screen.findByText('¥300.00');
    await pickPeriod('2026-02', '2026-05');
    // While the new period loads, the last one stays, marked busy.
    await waitFor(() => expect(server.callsTo(SUMMARY)).toHaveLength(2));
    expect(screen.getByText('¥300.00').closest('[aria-busy]')!.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('¥500.00')).toBeTruthy();
    expect(screen.getByText('¥500.00').closest('[aria-busy]')!.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('对比去年同期 2025-02 至 2025-05')).toBeTruthy();
    expect(server.callsTo(SUMMARY).map((c) => c.body)).toEqual([
      { start_month: '2026-01', end_month: '2026-03' },
      { start_month: '2026-02', end_month: '2026-05' },
    ]);

    await pickPeriod('2026-01', '2027-03');
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('查询区间最多 12 个月'));
    expect(server.callsTo(SUMMARY)).toHaveLength(2);
    await waitFor(() => expect(pickerValues()).toEqual(['2026-02', '2026-05']));
    expect(screen.getByText('¥500.00')).toBeTruthy();
  }, 20_000);

  it('shows the categories, makes and parts in their tabs', async () => {
    answers((period) =>
      makeReportSummary({
        ...period,
        categories: [makeReportGroup(1, '制动系统'), makeReportGroup(2, '点火系统', { yoy: '-5.0' })],
        makes: [makeReportGroup(7, '宝马', { quantity: 3, amount: '300.00' })],
        parts: [makeReportPart(11, { frey_no: 'FR-BRAKE-1', l_name_zh: '前刹车片' }), makeReportPart(12)],
        part_count: 57,
      }),
    );
    open();
    await screen.findByText('¥200.00');
    fireEvent.click(screen.getByRole('tab', { name: '按分类' }));
    await waitFor(() => expect(tableRows().map((r) => r[0])).toEqual(['制动系统', '点火系统']));
    expect(tableRows()[1]).toEqual(['点火系统', '2', '100.00', '1', '80.00', '-5.0%']);
    fireEvent.click(screen.getByRole('tab', { name: '按车型品牌' }));
    await waitFor(() => expect(tableRows()).toEqual([['宝马', '3', '300.00', '1', '80.00', '+25.0%']]));
    fireEvent.click(screen.getByRole('tab', { name: '按配件（前 2 / 共 57）' }));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(tableRows()[0]).toEqual([
      'FR-BRAKE-1',
      '前刹车片',
      '奔驰',
      '制动系统',
      '2',
      '100.00',
      '1',
      '80.00',
      '+25.0%',
    ]);
  }, 20_000);

  it('says when neither the months nor last year have purchases, and draws no chart', async () => {
    const none = { quantity: 0, amount: '0.00', last_quantity: 0, last_amount: '0.00', yoy: null };
    answers((period) =>
      makeReportSummary({
        ...period,
        total: none,
        months: [makeReportMonth('2026-01', none)],
        categories: [],
        makes: [],
        parts: [],
        part_count: 0,
      }),
    );
    open();
    expect(await screen.findByText('所选月份及去年同期没有采购记录')).toBeTruthy();
    expect(screen.getAllByText('¥0.00')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: '每月采购额与去年同期' })).toBeNull();
    expect(screen.queryByRole('img', { name: '按分类的采购额' })).toBeNull();
  }, 20_000);

  it('shows the loading state, then a failed load with its reason and a retry that loads it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    answers(async (period) => {
      await held;
      return fail ? reply.serverError('报表服务繁忙') : makeReportSummary(period);
    });
    open();
    expect(await screen.findByRole('status', { name: '加载中…' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出报表/ }).hasAttribute('disabled')).toBe(true);
    release();
    expect(await screen.findByText('报表服务繁忙')).toBeTruthy();
    // Said once, on the page: no toast besides.
    expect(notes.error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('¥200.00')).toBeTruthy();
    expect(server.callsTo(SUMMARY)).toHaveLength(2);
  }, 20_000);

  it('exports the shown period as a spreadsheet; a refusal is said once', async () => {
    const { saved } = catchDownloads('blob:report');
    answers((period) => makeReportSummary(period));
    server.use({ [EXPORT]: () => reply.refused('没有可导出的数据') });
    open();
    await screen.findByText('¥200.00');
    const button = screen.getByRole('button', { name: /导出报表/ });
    fireEvent.click(button);
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('没有可导出的数据'));
    expect(notes.error).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([]);

    server.use({
      [EXPORT]: () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('采购报表_2026-01_2026-03.xlsx')}`,
          },
        }),
    });
    await waitFor(() => expect(button.classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['采购报表_2026-01_2026-03.xlsx']));
    expect(server.callsTo(EXPORT).map((c) => c.query)).toEqual([
      { start_month: '2026-01', end_month: '2026-03' },
      { start_month: '2026-01', end_month: '2026-03' },
    ]);
  }, 20_000);
});
