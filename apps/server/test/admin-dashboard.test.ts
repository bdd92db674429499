import { describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DashboardFigures, NotFoundLists } from '@shop/core/api/admin-dashboard';
import { centsToMoney, toCents } from '@shop/core/money';
import { chinaDay } from '../src/lib/china-time';
import { dashboardFigures } from '../src/modules/dashboard/service';
import { flushSearchLogs } from '../src/modules/search/search-log-buffer';
import { rollUpSearchLogs } from '../src/modules/search/search-log-rollup';
import { body } from './helpers/api';
import { useAdminShop } from './admin-test-data';

/** GET /api/admin/dashboard and /dashboard/not-found: figures equal their orders, the misses counted. */
const s = useAdminShop();

const get = (who: 'admin' | 'catalog' | 'service' | 'finance', url: string) =>
  s.asStaff(who, { method: 'GET', url: `/api/admin${url}` });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await s.t.db.execute(query)).rows as T[];
}

describe('the figures', () => {
  test('equal the orders of today and this month (cancelled left out), to ship, open returns and questions', async () => {
    const first = await s.placeOrder([{ part: 'p1', quantity: 2 }]);
    await s.placeOrder([{ part: 'p1', quantity: 1 }]);
    const cancelled = await s.placeOrder([{ part: 'p1', quantity: 3 }]);
    await s.t.db.execute(sql`update orders set status = 'cancelled' where orders_no = ${cancelled}`);
    // An order of another month counts nowhere; one earlier this month (when today is not the 1st) in the month.
    await s.t.db.execute(sql`update orders set created_at = now() - interval '40 days' where orders_no = ${first}`);

    const res = await get('finance', '/dashboard');
    const b = body<DashboardFigures>(res);
    expect(b.status, b.msg).toBe(200);

    const today = chinaDay(new Date());
    const expected = await rows<{ orders_no: string; total_amount: string; day: string; status: string }>(sql`
      select orders_no, total_amount::text, (created_at at time zone 'Asia/Shanghai')::date::text as day, status
      from orders`);
    const counted = expected.filter((o) => o.status !== 'cancelled');
    const sum = (list: typeof counted) => centsToMoney(list.reduce((c, o) => c + toCents(o.total_amount)!, 0n));
    const ofToday = counted.filter((o) => o.day === today);
    const ofMonth = counted.filter((o) => o.day.slice(0, 7) === today.slice(0, 7));
    expect(ofToday.length).toBeGreaterThan(0);
    expect(b.data.day).toBe(today);
    expect(b.data.today).toEqual({ orders: ofToday.length, sales: sum(ofToday) });
    expect(b.data.month).toEqual({ orders: ofMonth.length, sales: sum(ofMonth) });
    expect(b.data.days.at(-1)).toEqual({ day: today, ...b.data.today });
    expect(b.data.days[0]!.day).toBe(`${today.slice(0, 8)}01`);
    expect(b.data.to_ship).toBe(expected.filter((o) => o.status === 'pending_shipment').length);
    expect(b.data.open_returns).toBe(0);
    expect(b.data.open_questions).toBe(
      Number(
        (await rows<{ n: string }>(sql`select count(*) as n from product_questions where reply_content is null`))[0]!.n,
      ),
    );
  });

  test('the month is the days from the 1st (China time) to today', async () => {
    const figures = await dashboardFigures(s.t.db, new Date('2026-03-03T04:00:00Z'));
    expect(figures.days.map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(figures.month).toEqual({ orders: 0, sales: '0.00' });
  });
});

describe('what dealers did not find', () => {
  test('counts searches and multi-number lines without a result, rolled up or not, and unplaced VINs', async () => {
    const search = (keyword: string) =>
      s.t.injectAs('aMain', { method: 'POST', url: '/api/Shop.Accessory/index', payload: { keyword } });
    await search('NOPE-0001');
    await search('NOPE-0001');
    await search('NOPE-0002');
    await s.t.injectAs('bMain', {
      method: 'POST',
      url: '/api/Shop.Accessory/batchSearch',
      payload: { keyword: 'NOPE-0001\nNOPE-0003' },
    });
    await flushSearchLogs(s.t.db);
    // Two earlier misses of yesterday, rolled up into search_miss_days.
    await s.t.db
      .execute(sql`insert into search_logs (company_id, account_id, keyword, product_id, result_count, created_at)
      values (1, 1, 'NOPE-0002', null, 0, now() - interval '1 day'), (1, 1, 'NOPE-0002', null, 0, now() - interval '1 day')`);
    await rollUpSearchLogs(s.t.db);

    const vin = (v: string) =>
      s.t.injectAs('aMain', { method: 'POST', url: '/api/Shop.Vin/searchproduct', payload: { vin: v } });
    await vin('1HGBH41JXMN109186');
    await vin('1HGBH41JXMN109186');

    const week = body<NotFoundLists>(await get('catalog', '/dashboard/not-found?days=7'));
    expect(week.status, week.msg).toBe(200);
    const times = Object.fromEntries(week.data.searches.map((m) => [m.keyword, m.times]));
    expect(times).toMatchObject({ 'NOPE-0001': 3, 'NOPE-0002': 3, 'NOPE-0003': 1 });
    expect(week.data.searches[0]!.times).toBeGreaterThanOrEqual(week.data.searches.at(-1)!.times);
    expect(week.data.vins).toEqual([
      expect.objectContaining({ vin: '1HGBH41JXMN109186', times: 2, vehicle_name: expect.any(String) }),
    ]);

    const today = body<NotFoundLists>(await get('admin', '/dashboard/not-found?days=1'));
    expect(Object.fromEntries(today.data.searches.map((m) => [m.keyword, m.times]))['NOPE-0002']).toBe(1);
  });

  test('a period other than 1, 7, 30 or 90 days is refused', async () => {
    const res = await get('catalog', '/dashboard/not-found?days=5');
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('统计周期');
  });
});

describe('who may read it', () => {
  test('figures with orders.read, the not-found lists with catalog.manage; dealers and no token refused', async () => {
    expect((await get('catalog', '/dashboard')).statusCode).toBe(403);
    expect((await get('service', '/dashboard')).statusCode).toBe(200);
    expect((await get('service', '/dashboard/not-found')).statusCode).toBe(403);
    expect((await get('finance', '/dashboard/not-found')).statusCode).toBe(403);
    for (const url of ['/api/admin/dashboard', '/api/admin/dashboard/not-found']) {
      expect((await s.t.injectAs('aMain', { url })).statusCode).toBe(401);
      expect((await s.t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
