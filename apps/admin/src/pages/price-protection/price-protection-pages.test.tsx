import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminClaim, AdminRun } from '@shop/core/api/price-protection';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, renderApp, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();
const me = () => staffMe(['finance'], '财务专员');

const run = (overrides: Partial<AdminRun> = {}): AdminRun => ({
  adjust_id: 9,
  product_id: 3,
  frey_no: 'FR-0003',
  l_name_zh: '前刹车片',
  old_price: '100.00',
  new_price: '90.00',
  source: 'manual',
  staff_name: '商品运营',
  adjust_time: '2026-11-28 10:00:00',
  companies: 2,
  lines: 3,
  amount: '70.00',
  reversed_amount: '10.00',
  ...overrides,
});

const claim = (overrides: Partial<AdminClaim> = {}): AdminClaim => ({
  id: 1,
  company_id: 7,
  company_name: '广州骏达汽配贸易有限公司',
  orders_no: 'SO202611200000001',
  quantity: 3,
  unit_paid: '100.00',
  unit_new: '90.00',
  amount: '30.00',
  reversed_quantity: 1,
  reversed_amount: '10.00',
  explanation: '订单 SO202611200000001 …',
  created_at: '2026-11-28 10:00:01',
  ...overrides,
});

describe('价保补偿', () => {
  it('lists the drops with their figures and opens the lines of one', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/price-protection/runs': () => firstPage([run()]),
      'GET /api/admin/price-protection/runs/9/claims': () => firstPage([claim()]),
    });
    const { router } = renderApp('/price-protection?keyword=FR-0003');
    const row = (await screen.findByText('前刹车片')).closest('tr')!;
    expect(within(row).getByText('¥70.00')).toBeTruthy();
    expect(within(row).getByText('¥100.00 → ¥90.00')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/price-protection/runs')[0]?.query).toMatchObject({ keyword: 'FR-0003' });
    fireEvent.click(within(row).getByRole('link', { name: '补偿明细' }));
    const line = (await screen.findByText('广州骏达汽配贸易有限公司')).closest('tr')!;
    expect(within(line).getByText('1 件 ¥10.00')).toBeTruthy();
    expect(where(router)).toBe('/price-protection/9');
  });

  it('shows a failed load with a retry', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/price-protection/runs': () => reply.serverError('服务异常'),
    });
    renderApp('/price-protection');
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET /api/admin/price-protection/runs').length).toBeGreaterThan(0));
  });
});
