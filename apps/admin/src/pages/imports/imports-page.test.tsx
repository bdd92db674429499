import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportBatch, ImportRow } from '@shop/core/api/admin-prices';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, listPage, renderApp, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();

function batch(over: Partial<ImportBatch> = {}): ImportBatch {
  return {
    id: 9,
    kind: 'prices',
    status: 'previewed',
    file_name: 'prices.csv',
    staff_name: '商品运营',
    total_rows: 3,
    counts: { create: 0, update: 1, unchanged: 1, error: 1 },
    error: '',
    report: null,
    progress: null,
    created_at: '2026-11-28 10:00:00',
    applied_at: null,
    rolled_back_at: null,
    rows_purged_at: null,
    ...over,
  };
}

const rows: ImportRow[] = [
  {
    row_no: 2,
    state: 'update',
    number: 'FR-0007',
    product_id: 7,
    warehouse_id: 0,
    data: { dealer_price: '9.50' },
    changes: { dealer_price: { old: '10.00', new: '9.50' } },
    error: '',
    conflicts: null,
  },
  {
    row_no: 4,
    state: 'error',
    number: 'NOPE',
    product_id: null,
    warehouse_id: 0,
    data: {},
    changes: {},
    error: '配件编号不存在',
    conflicts: null,
  },
];

describe('the imports page', () => {
  it('uploads a file with progress and lists the batch; a kind the role lacks is not offered', async () => {
    let listed: ImportBatch[] = [];
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/imports/prices': () => ({ total: listed.length, page: 1, limit: 20, list: listed }),
      'POST /api/admin/imports/prices': () => {
        listed = [batch({ status: 'previewing', progress: { phase: 'preview', done: 10, total: 100 } })];
        return listed[0];
      },
    });
    renderApp('/imports?kind=prices');
    expect(await screen.findByText('暂无导入记录')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '配件资料导入' })).toBeTruthy();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['配件编号,经销价\nFR-0007,9.5\n'], 'prices.csv')] } });
    expect(await screen.findByText('正在预览')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/imports/prices')).toHaveLength(1);
    expect(server.callsTo('POST /api/admin/imports/prices')[0]?.body).toBeInstanceOf(FormData);
    expect(screen.getByRole('link', { name: '#9' })).toBeTruthy();
  });

  it('shows only the stock imports to a role with stock alone', async () => {
    server.use({
      'GET /api/admin/auth/me': () => ({ ...staffMe([]), permissions: ['stock.manage'] }),
      'GET /api/admin/imports/stock': () => firstPage([]),
    });
    renderApp('/imports');
    expect(await screen.findByRole('tab', { name: '库存导入' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '价格导入' })).toBeNull();
    // The menu offers the imports to it too.
    const nav = await screen.findByRole('navigation', { name: '后台菜单' });
    expect(within(nav).getByRole('menuitem', { name: /ERP 导入/ })).toBeTruthy();
  });

  it('a refused upload says why', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/imports/prices': () => firstPage([]),
      'POST /api/admin/imports/prices': () => reply.refused('请上传 .xlsx 或 .csv 文件'),
    });
    renderApp('/imports?kind=prices');
    await screen.findByText('暂无导入记录');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'prices.txt')] } });
    expect(await screen.findByText('请上传 .xlsx 或 .csv 文件')).toBeTruthy();
  });
});

describe('a batch', () => {
  it('shows the rows by state, and confirms once', async () => {
    let current = batch();
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/imports/prices/9': () => current,
      'GET /api/admin/imports/prices/9/rows': (call) => ({
        field_names: { dealer_price: '经销价' },
        ...listPage(call.query.state ? rows.filter((r) => r.state === call.query.state) : rows, { total: 2 }),
      }),
      'POST /api/admin/imports/prices/9/apply': () => {
        current = batch({ status: 'applied', applied_at: '2026-11-28 10:05:00' });
        return batch({ status: 'applying', progress: { phase: 'apply', done: 0, total: 1 } });
      },
    });
    const { router } = renderApp('/imports/prices/9');
    expect(await screen.findByText('经销价：10.00 → 9.50')).toBeTruthy();
    expect(screen.getByText('配件编号不存在')).toBeTruthy();
    fireEvent.click(screen.getAllByText('错误')[0]!);
    await waitFor(() => expect(where(router)).toBe('/imports/prices/9?state=error'));
    await waitFor(() => expect(screen.queryByText('经销价：10.00 → 9.50')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '确认导入' }));
    // The popover's own button (the last of the two).
    await waitFor(() => expect(screen.getAllByRole('button', { name: '确认导入' })).toHaveLength(2));
    const confirm = screen.getAllByRole('button', { name: '确认导入' }).at(-1)!;
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('已开始导入')).toBeTruthy();
    expect(server.callsTo('POST /api/admin/imports/prices/9/apply')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: '回滚' })).toBeTruthy();
  });

  it("shows a rollback's report and the fields it left", async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/imports/prices/9': () =>
        batch({ status: 'rolled_back', report: { restored: 1, conflicts: 1, deleted: 0 } }),
      'GET /api/admin/imports/prices/9/rows': () => ({
        field_names: { dealer_price: '经销价' },
        ...firstPage([{ ...rows[0]!, conflicts: { dealer_price: { expected: '9.50', current: '8.00' } } }]),
      }),
    });
    renderApp('/imports/prices/9?state=conflict');
    expect((await screen.findByTestId('rollback-report')).textContent).toContain('1 个字段在导入后被改动');
    expect(await screen.findByText('经销价：导入为 9.50，现为 8.00')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/imports/prices/9/rows')[0]?.query).toMatchObject({ state: 'conflict' });
  });

  it('says why a batch left by a stopped server failed, offers a new upload; a purged batch shows no rows and no rollback', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/imports/prices/9': () =>
        batch({ status: 'failed', error: '生成预览时处理中断（服务重启或异常退出），请重新上传文件' }),
      'GET /api/admin/imports/prices/10': () =>
        batch({ id: 10, status: 'applied', rows_purged_at: '2026-11-01 03:00:00' }),
    });
    renderApp('/imports/prices/9');
    expect(await screen.findByText('生成预览时处理中断（服务重启或异常退出），请重新上传文件')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新上传文件' }).getAttribute('href')).toContain('/imports?kind=prices');
    cleanup();

    renderApp('/imports/prices/10');
    expect((await screen.findByTestId('rows-purged')).textContent).toContain('2026-11-01 03:00:00');
    expect(screen.queryByRole('button', { name: '回滚' })).toBeNull();
    expect(server.callsTo('GET /api/admin/imports/prices/10/rows')).toHaveLength(0);
  });
});
