import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { StaffRole } from '@shop/core/staff-permissions';
import { reply, stubServerPerTest, type StubRoutes } from '../../../web/src/test/server/stub-server';
import { categoryList, vehicleTree } from '../test/catalog-fixtures';
import { expectRefusal, renderApp, staffMe } from '../test/render-app';

const server = stubServerPerTest();

/**
 * A detail screen whose thing the server says is not there (or refuses its id) shows the refusal as
 * such (LoadError: 无法查看, the reason, the way back, no retry that would get the same answer).
 */
const cases: {
  screen: string;
  path: string;
  roles: StaffRole[];
  route: string;
  reason: string;
  back: string;
  title?: string;
  also?: StubRoutes;
}[] = [
  {
    screen: 'an order',
    path: '/orders/SO999999',
    roles: ['customer_service'],
    route: 'GET /api/admin/orders/SO999999',
    reason: '订单不存在：SO999999',
    back: '返回订单列表',
    title: '订单 SO999999',
  },
  {
    screen: 'a gift order',
    path: '/points/gifts/99',
    roles: ['customer_service'],
    route: 'GET /api/admin/points/gifts/99',
    reason: '赠品订单不存在',
    back: '返回赠品订单',
  },
  {
    screen: "a price drop's compensation lines",
    path: '/price-protection/99999',
    roles: ['finance'],
    route: 'GET /api/admin/price-protection/runs/99999/claims',
    reason: '调价记录不存在',
    back: '返回价保补偿',
  },
  {
    screen: 'a part',
    path: '/catalog/parts/999999',
    roles: ['catalog'],
    route: 'GET /api/admin/parts/999999',
    reason: '商品不存在',
    back: '返回商品列表',
    also: { 'GET /api/admin/categories': categoryList, 'GET /api/admin/vehicles': vehicleTree },
  },
  {
    screen: "a customer's question",
    path: '/service/question/99',
    roles: ['customer_service'],
    route: 'GET /api/admin/questions/99',
    reason: '问题不存在',
    back: '返回客服中心',
    also: { 'POST /api/admin/service/question/99/read': () => reply.refused('该条咨询不存在') },
  },
];

describe('a detail screen of something that is not there', () => {
  it.each(cases)('$screen says so under its title with the way back, without a retry', async (c) => {
    server.use({
      ...c.also,
      'GET /api/admin/auth/me': () => staffMe(c.roles),
      [c.route]: () => reply.refused(c.reason),
    });
    renderApp(c.path);
    await expectRefusal(c.reason, c.back);
    if (c.title) expect(screen.getByText(c.title)).toBeTruthy();
  });
});
