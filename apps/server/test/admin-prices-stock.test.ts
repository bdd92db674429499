import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PartPrices, PriceRowList, StockRow, StockRowList } from '@shop/core/api/admin-prices';
import { getBrandVariant } from '@shop/core/brand-variants';
import { body } from './helpers/api';
import { adminCalls } from './helpers/admin-calls';
import { auditOf } from './helpers/staff';
import { useAdminShop } from './admin-test-data';

/** /api/admin/prices and /api/admin/stock: who may, history, concurrent saves, audit, the dealers' messages. */

const s = useAdminShop();

const { rows, admin, deliver } = adminCalls(() => s);
const keys = () => getBrandVariant(s.t.config.BRAND).priceLabels.map((l) => l.key);

describe('who may', () => {
  it('catalog and admin read and write prices and stock; customer service, finance and a dealer do not', async () => {
    const id = s.ids.p1;
    for (const who of ['admin', 'catalog'] as const) {
      expect(body(await admin(who, 'GET', `/prices/${id}`)).status).toBe(200);
      expect(body(await admin(who, 'GET', `/stock/${id}`)).status).toBe(200);
      expect(body(await admin(who, 'GET', `/prices?keyword=OT-100`)).status).toBe(200);
      expect(body(await admin(who, 'GET', `/stock?keyword=OT-100`)).status).toBe(200);
    }
    for (const who of ['service', 'finance'] as const) {
      for (const [method, url, payload] of [
        ['GET', `/prices/${id}`],
        ['GET', '/prices'],
        ['POST', `/prices/${id}`, { prices: {}, expected: {} }],
        ['GET', `/stock/${id}`],
        ['GET', '/stock'],
        ['POST', `/stock/${id}`, { mode: 'adjust', warehouse_id: 1, available: 1, in_transit: 0 }],
      ] as const) {
        const res = await admin(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(body(res)).toMatchObject({ msg: '无权限执行此操作' });
      }
    }
    const dealerToken = await s.t.loginAs('aMain');
    for (const url of [`/api/admin/prices/${id}`, `/api/admin/stock/${id}`, '/api/admin/prices', '/api/admin/stock']) {
      const res = await s.t.app.inject({ url, headers: s.t.auth(dealerToken) });
      expect(res.statusCode, url).toBe(401);
    }
    const post = await s.t.app.inject({
      method: 'POST',
      url: `/api/admin/prices/${id}`,
      headers: s.t.auth(dealerToken),
      payload: { prices: { [keys()[0]!]: '1.00' }, expected: {} },
    });
    expect(post.statusCode).toBe(401);
  });
});

describe('prices', () => {
  it('the lookup finds parts by own code, OE number or name, with every price label', async () => {
    const byCode = body<PriceRowList>(await admin('catalog', 'GET', '/prices?keyword=ot-1003')).data;
    expect(byCode.list.map((p) => p.id)).toEqual([s.ids.p3]);
    expect(byCode.list[0]!.prices.map((p) => p.key)).toEqual(keys());
    const byName = body<PriceRowList>(
      await admin('catalog', 'GET', `/prices?keyword=${encodeURIComponent('火花')}`),
    ).data;
    expect(byName.list.map((p) => p.id)).toEqual([s.ids.p5]);
  });

  it('a save writes the prices, their history and the audit; the buyers and the favourites get a message', async () => {
    const id = s.ids.p2;
    const [dealer, second] = keys();
    // aMain bought p2 (its main account is told); bSub keeps it as a favourite; cRegional neither.
    await s.placeOrder([{ part: 'p2', quantity: 1 }]);
    const b = s.t.fixtures.accounts.bSub;
    await s.t.db.execute(
      sql`insert into favourites (account_id, company_id, product_id) values (${b.id}, ${b.companyId}, ${id})`,
    );
    await deliver();

    const before = body<PartPrices>(await admin('catalog', 'GET', `/prices/${id}`)).data;
    const old = before.prices.find((p) => p.key === dealer)!.amount;
    const oldSecond = before.prices.find((p) => p.key === second)!.amount;
    const res = body(
      await admin('catalog', 'POST', `/prices/${id}`, {
        prices: { [dealer!]: '88.50', [second!]: oldSecond },
        expected: { [dealer!]: old, [second!]: oldSecond },
      }),
    );
    expect(res).toMatchObject({ status: 200, msg: '已保存' });
    const after = body<PartPrices>(await admin('catalog', 'GET', `/prices/${id}`)).data;
    expect(after.prices.find((p) => p.key === dealer)!.amount).toBe('88.50');
    // Only the changed label is in the history.
    expect(after.history).toEqual([
      expect.objectContaining({
        price_key: dealer,
        old_amount: old,
        new_amount: '88.50',
        staff_name: '商品运营',
        source: 'manual',
        batch_id: null,
      }),
    ]);
    const [audit] = await auditOf(s, 'product', id);
    expect(audit).toMatchObject({ action: 'prices.set', before: { [dealer!]: old }, after: { [dealer!]: '88.50' } });
    // The dealer's row shows it.
    const [copy] = await rows(sql`select row_prices->>${dealer} as amount from products where id = ${id}`);
    expect(copy!.amount).toBe('88.50');

    await deliver();
    const messages = await rows(
      sql`select account_id, tip_name, number, link from messages where category_id = 7 order by account_id`,
    );
    const a = s.t.fixtures.accounts.aMain;
    expect(messages).toEqual(
      [
        { account_id: a.id, tip_name: '调价通知', number: 'OT-1002', link: `/parts/details?id=${id}` },
        { account_id: b.id, tip_name: '调价通知', number: 'OT-1002', link: `/parts/details?id=${id}` },
      ].sort((x, y) => x.account_id - y.account_id),
    );
  });

  it('a save over someone else’s change is refused and changes nothing; a bad amount or key too', async () => {
    const id = s.ids.p3;
    const [dealer] = keys();
    const current = body<PartPrices>(await admin('catalog', 'GET', `/prices/${id}`)).data.prices[0]!.amount;
    expect(
      body(
        await admin('admin', 'POST', `/prices/${id}`, {
          prices: { [dealer!]: '10.00' },
          expected: { [dealer!]: current },
        }),
      ),
    ).toMatchObject({ status: 200 });
    // The catalog's form still shows the old amount.
    const late = body(
      await admin('catalog', 'POST', `/prices/${id}`, {
        prices: { [dealer!]: '20.00' },
        expected: { [dealer!]: current },
      }),
    );
    expect(late).toMatchObject({ status: 201, msg: '价格已被他人修改，请刷新后再保存' });
    const now = body<PartPrices>(await admin('catalog', 'GET', `/prices/${id}`)).data;
    expect(now.prices[0]!.amount).toBe('10.00');
    expect(now.history).toHaveLength(1);

    expect(
      body(
        await admin('catalog', 'POST', `/prices/${id}`, {
          prices: { [dealer!]: '1.234' },
          expected: { [dealer!]: '10.00' },
        }),
      ).status,
    ).not.toBe(200);
    expect(
      body(await admin('catalog', 'POST', `/prices/${id}`, { prices: { nope: '1.00' }, expected: { nope: null } })),
    ).toMatchObject({ status: 201, msg: '价格类型不存在' });
    expect(
      body(
        await admin('catalog', 'POST', `/prices/${id}`, {
          prices: { [dealer!]: '10.00' },
          expected: { [dealer!]: '10.00' },
        }),
      ),
    ).toMatchObject({ status: 201, msg: '没有需要保存的修改' });
    expect(body(await admin('catalog', 'GET', `/prices/999999`))).toMatchObject({ status: 201, msg: '配件不存在' });
  });
});

describe('stock', () => {
  /** Saves a part's stock as the catalog staff: 'set' (checked against the form's `expected`) or 'adjust'. */
  const saveStock = async (id: number, change: object) => body(await admin('catalog', 'POST', `/stock/${id}`, change));

  it('set (checked against the form) and adjust, audited; never below zero', async () => {
    const id = s.ids.p4;
    const shown = body<StockRow>(await admin('catalog', 'GET', `/stock/${id}`)).data.stocks.find(
      (w) => w.warehouse_id === 1,
    )!;
    expect(shown).toMatchObject({ warehouse: '广州仓', available: 50, in_transit: 0 });
    expect(
      await saveStock(id, {
        mode: 'set',
        warehouse_id: 1,
        available: 30,
        in_transit: 12,
        expected: { available: 50, in_transit: 0 },
      }),
    ).toMatchObject({ status: 200, msg: '已保存' });
    expect(
      await saveStock(id, {
        mode: 'set',
        warehouse_id: 1,
        available: 40,
        in_transit: 0,
        expected: { available: 50, in_transit: 0 },
      }),
    ).toMatchObject({ status: 201, msg: '库存已被他人修改，请刷新后再保存' });
    expect(await saveStock(id, { mode: 'adjust', warehouse_id: 1, available: -5, in_transit: 0 })).toMatchObject({
      status: 200,
    });
    expect(await saveStock(id, { mode: 'adjust', warehouse_id: 1, available: -26, in_transit: 0 })).toMatchObject({
      status: 201,
      msg: '调整后库存不能为负数',
    });
    expect(await saveStock(id, { mode: 'adjust', warehouse_id: 9, available: 1, in_transit: 0 })).toMatchObject({
      status: 201,
      msg: '仓库不存在',
    });
    const list = body<StockRowList>(await admin('catalog', 'GET', '/stock?keyword=OT-1004')).data.list;
    expect(list[0]!.stocks.find((w) => w.warehouse_id === 1)).toMatchObject({ available: 25, in_transit: 12 });
    const audit = await auditOf(s, 'product', id);
    expect(audit.map((a) => a.action)).toEqual(['stock.adjust', 'stock.set']);
    expect(audit[1]).toMatchObject({
      before: { warehouse_id: 1, available: 50, in_transit: 0 },
      after: { warehouse_id: 1, available: 30, in_transit: 12 },
    });
  });

  it('from 0 to stock through the admin: the arrival reminder closed and its account told', async () => {
    const id = s.ids.p6;
    const a = s.t.fixtures.accounts.aSub;
    await admin('catalog', 'POST', `/stock/${id}`, {
      mode: 'set',
      warehouse_id: 1,
      available: 0,
      in_transit: 0,
      expected: { available: 50, in_transit: 0 },
    });
    await s.t.db.execute(
      sql`insert into restock_requests (account_id, company_id, product_id) values (${a.id}, ${a.companyId}, ${id})`,
    );
    await deliver();
    expect(await saveStock(id, { mode: 'adjust', warehouse_id: 1, available: 8, in_transit: 0 })).toMatchObject({
      status: 200,
    });
    await deliver();
    const restock = await rows(
      sql`select account_id, tip_name, number from messages where category_id = 3 and number = 'OT-1006'`,
    );
    expect(restock).toEqual([{ account_id: a.id, tip_name: '到货提醒', number: 'OT-1006' }]);
    const [reminder] = await rows(
      sql`select notified_at is not null as closed from restock_requests where product_id = ${id}`,
    );
    expect(reminder!.closed).toBe(true);
  });
});
