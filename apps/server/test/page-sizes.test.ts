import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSTANTS } from '@shop/core/constants';
import { MAX_PAGE_SIZE } from '@shop/core/api/page';
import { body } from './helpers/api';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every paged dealer list shown with the pagination bar takes every size the bar offers (spec.md
 * section 9: 10, 20, 50, 100, 150, 200): a size the list refused was kept in a cookie for a year.
 */
const LISTS: [method: 'GET' | 'POST', url: string][] = [
  ['POST', '/api/Tip.Tip/shop_tip_list'],
  ['GET', '/api/Shop.CustomerProductDevelopment/list'],
  ['GET', '/api/Shop.ShopFeedback/index'],
  ['GET', '/api/Shop.NewArrival/newArrivalList'],
  ['GET', '/api/Shop.CustomerStatement/list'],
  ['GET', '/api/Shop.Gift/list'],
  ['POST', '/api/Shop.KeepPrice/getClientOrdersList'],
  ['POST', '/api/Shop.Collection/list'],
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('the page sizes of the dealer lists', () => {
  it.each(LISTS)('%s %s takes every size the pagination bar offers', async (method, url) => {
    for (const limit of CONSTANTS.pageSizes) {
      const res = await t.injectAs(
        'aMain',
        method === 'GET' ? { method, url, query: { limit: String(limit) } } : { method, url, payload: { limit } },
      );
      const b = body(res);
      expect([limit, res.statusCode, b.status], b.msg).toEqual([limit, 200, 200]);
    }
  });

  it('a size past the largest is refused in Chinese', async () => {
    const res = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Tip.Tip/shop_tip_list',
      payload: { limit: MAX_PAGE_SIZE + 1 },
    });
    expect([res.statusCode, body(res).msg]).toEqual([400, expect.stringContaining(`每页最多 ${MAX_PAGE_SIZE} 条`)]);
  });
});
