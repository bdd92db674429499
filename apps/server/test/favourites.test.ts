import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProductRowPage } from '@shop/core/api/parts';
import { favouriteThrottles } from '../src/modules/favourites/routes';
import { TOGGLE_WINDOW_MS } from '../src/modules/favourites/service';
import { RepeatThrottle } from '../src/modules/favourites/throttle';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createDemoApp } from './helpers/demo-app';

let t: TestApp;
/** The throttle's clock, moved by the tests. */
let clock = 1_000_000;
beforeAll(async () => {
  t = await createDemoApp(100, 51);
  favouriteThrottles.set(t.db, new RepeatThrottle(TOGGLE_WINDOW_MS, () => clock));
});
afterAll(() => t.close());

function toggle(account: FixtureAccountKey, productId: number, prefix = 'Shop') {
  return t
    .injectAs(account, { method: 'POST', url: `/api/${prefix}.Collection/toggle`, payload: { product_id: productId } })
    .then((res) => body<{ is_sub: number } | null>(res));
}
function list(account: FixtureAccountKey, page = 1, limit = 10) {
  return t
    .injectAs(account, { method: 'POST', url: '/api/Shop.Collection/list', payload: { page, limit } })
    .then((res) => body<ProductRowPage>(res));
}

describe('favourites', () => {
  test('login required', async () => {
    for (const url of ['/api/Shop.Collection/toggle', '/api/Shop.Collection/list']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { product_id: 1 } });
      expect([101, 102, 401]).toContain(body(res).status);
    }
  });

  test('toggle favourites and cancels; the list shows the account’s own, newest first', async () => {
    expect(await toggle('aMain', 3)).toMatchObject({ status: 200, msg: '收藏成功', data: { is_sub: 1 } });
    clock += 5000;
    expect(await toggle('aMain', 4)).toMatchObject({ status: 200, msg: '收藏成功', data: { is_sub: 1 } });
    const { status, data } = await list('aMain');
    expect(status).toBe(200);
    expect(data.total).toBe(2);
    expect(data.list.map((r) => r.product_id)).toEqual([4, 3]);
    for (const row of data.list) expect(row.is_sub).toBe(1);

    expect(await toggle('aMain', 3, 'Shopv2')).toMatchObject({ status: 200, msg: '已取消收藏', data: { is_sub: 0 } });
    expect((await list('aMain')).data.list.map((r) => r.product_id)).toEqual([4]);
  });

  test('a repeated toggle of the same part at once is refused; another part or account is not', async () => {
    clock += 5000;
    expect((await toggle('aSub', 20)).status).toBe(200);
    expect(await toggle('aSub', 20)).toMatchObject({ status: 201, msg: '请求过于频繁' });
    expect((await toggle('aSub', 21)).status).toBe(200);
    expect((await toggle('aPurchase', 20)).status).toBe(200);
    clock += TOGGLE_WINDOW_MS;
    expect(await toggle('aSub', 20)).toMatchObject({ status: 200, msg: '已取消收藏' });
  });

  test('another company’s favourites are neither visible nor changed', async () => {
    clock += 5000;
    expect((await toggle('bMain', 40)).data).toEqual({ is_sub: 1 });
    expect((await list('aMain')).data.list.map((r) => r.product_id)).not.toContain(40);
    // A's toggle of the same part adds A's own favourite, B's stays.
    expect((await toggle('aMain', 40)).data).toEqual({ is_sub: 1 });
    expect((await list('bMain')).data.list.map((r) => r.product_id)).toEqual([40]);
    clock += 5000;
    expect((await toggle('aMain', 40)).data).toEqual({ is_sub: 0 });
    expect((await list('bMain')).data.list.map((r) => r.product_id)).toEqual([40]);
  });

  test('an unknown part is refused; pages past the end are empty', async () => {
    clock += 5000;
    expect(await toggle('cRegional', 99999)).toMatchObject({ status: 201, msg: '商品不存在' });
    expect((await list('aMain', 5)).data).toMatchObject({ page: 5, list: [] });
  });
});
