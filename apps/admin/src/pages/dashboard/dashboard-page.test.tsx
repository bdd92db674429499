import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardFigures, NotFoundLists } from '@shop/core/api/admin-dashboard';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { lastQueryIs, renderApp, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();

const figures: DashboardFigures = {
  day: '2026-11-03',
  today: { orders: 4, sales: '1973.80' },
  month: { orders: 9, sales: '5210.35' },
  to_ship: 6,
  open_returns: 2,
  open_questions: 3,
  days: [
    { day: '2026-11-01', orders: 3, sales: '2000.55' },
    { day: '2026-11-02', orders: 2, sales: '1236.00' },
    { day: '2026-11-03', orders: 4, sales: '1973.80' },
  ],
};

const lists = (days: number): NotFoundLists => ({
  days,
  searches: [
    { keyword: 'A0004200420X', times: 12 },
    { keyword: '涡轮增压器', times: days },
  ],
  vins: [{ vin: '1HGBH41JXMN109186', vehicle_name: '本田（美国）', times: 5, last_at: '2026-11-03 09:12:00' }],
});

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('the dashboard (the home page of the back office)', () => {
  it('shows finance the figures of today and the month, and asks nothing it may not read', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['finance'], '财务专员'),
      'GET /api/admin/dashboard': () => figures,
    });
    const { router } = renderApp('/');
    await screen.findByText('今日销售额');
    expect(within(card('今日订单')).getByText('4')).toBeTruthy();
    expect(card('今日销售额').textContent).toContain('1,973.80');
    expect(card('本月销售额').textContent).toContain('5,210.35');
    expect(within(card('待发货订单')).getByText('6')).toBeTruthy();
    expect(within(card('待处理退货')).getByText('2')).toBeTruthy();
    expect(within(card('待回复咨询')).getByText('3')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '本月每日订单与销售额' })).toBeTruthy();
    expect(where(router)).toBe('/');
    expect(server.callsTo('GET /api/admin/dashboard/not-found')).toHaveLength(0);
    expect(screen.queryByText(/未找到的需求|经销商搜索未找到/)).toBeNull();
  });

  it('shows the catalog team what dealers did not find, by period kept in the address', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/dashboard/not-found': (call) => lists(Number(call.query.days)),
    });
    const { router } = renderApp('/');
    expect(await screen.findByText('A0004200420X')).toBeTruthy();
    expect(screen.getByText('1HGBH41JXMN109186')).toBeTruthy();
    expect(screen.getByText('本田（美国）')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/dashboard/not-found')[0]?.query).toEqual({ days: '7', limit: '50' });
    expect(server.callsTo('GET /api/admin/dashboard')).toHaveLength(0);

    fireEvent.click(screen.getByText('近 30 天'));
    await waitFor(() => expect(where(router)).toBe('/?days=30'));
    await lastQueryIs(server, 'GET /api/admin/dashboard/not-found', { days: '30', limit: '50' });
  });

  it('says when a period found everything, and offers a retry when loading fails', async () => {
    let fail = true;
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['administrator'], '系统管理员'),
      'GET /api/admin/dashboard': () => (fail ? reply.serverError() : figures),
      'GET /api/admin/dashboard/not-found': () => ({ days: 1, searches: [], vins: [] }),
    });
    renderApp('/?days=1');
    expect(await screen.findAllByText('该时段没有未找到的记录')).toHaveLength(2);
    const retry = await screen.findByRole('button', { name: /重\s*试|重新加载/ });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('今日销售额')).toBeTruthy();
  });
});
