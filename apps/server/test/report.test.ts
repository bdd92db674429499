import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerSaleSummary } from '@shop/core/api/report';
import { MODULE_OFF_TEXT } from '@shop/core/brand-variants';
import { centsToMoney, toCents } from '@shop/core/money';
import { REPORT_TEXTS } from '@shop/core/report-rules';
import { chinaDay } from '../src/lib/china-time';
import { body } from './helpers/api';
import { createTestApp } from './helpers/test-app';
import type { FixtureAccountKey } from './helpers/fixtures';
import { createAdminShop, type AdminShop } from './admin-test-data';
import { insertOneLineOrder } from './orders-test-data';
import { createReturn, markDelivered, moveReturn, shipOrder } from './helpers/order-staff';

/**
 * The partner report (docs/report.md): net purchases from real orders less completed returns, by
 * China-time month, against the same months a year earlier, for main accounts only.
 */
let shop: AdminShop;
const thisMonth = chinaDay(new Date()).slice(0, 7);
const year = Number(thisMonth.slice(0, 4));

beforeAll(async () => {
  shop = await createAdminShop();
}, 60_000);
afterAll(() => shop?.t.close());

const report = (who: FixtureAccountKey, payload: object = {}) =>
  shop.t.injectAs(who, { method: 'POST', url: '/api/Shop.Report/partnerSaleSummary', payload });

async function summary(payload: object = {}): Promise<PartnerSaleSummary> {
  const b = body<PartnerSaleSummary>(await report('aMain', payload));
  expect(b.status, b.msg).toBe(200);
  return b.data;
}

/** Moves an order to a China-time moment ('2025-03-31 23:30:00'). */
async function dateOrder(ordersNo: string, chinaTime: string) {
  await shop.t.db.execute(
    sql`update orders set created_at = (${chinaTime}::timestamp at time zone 'Asia/Shanghai') where orders_no = ${ordersNo}`,
  );
}

/** The net lines of orders not cancelled by company, China-time month and part (what the rollups hold). */
const NET_LINES = sql`
  select i.company_id, date_trunc('month', o.created_at at time zone 'Asia/Shanghai')::date as month, i.product_id,
    sum(i.quantity - i.returned_quantity)::bigint as quantity,
    sum((i.price * 100)::bigint * (i.quantity - i.returned_quantity))::bigint as amount_cents
  from order_items i join orders o on o.id = i.order_id where o.status <> 'cancelled' group by 1, 2, 3`;

/** Rows of `a` not in `b` and of `b` not in `a`, rows of zeros left out (a cancelled month leaves them). */
async function difference(a: SQL, b: SQL) {
  const { rows } = await shop.t.db.execute(sql`
    (select * from (${a}) a where quantity <> 0 or amount_cents <> 0
     except select * from (${b}) b where quantity <> 0 or amount_cents <> 0)
    union all
    (select * from (${b}) b where quantity <> 0 or amount_cents <> 0
     except select * from (${a}) a where quantity <> 0 or amount_cents <> 0)`);
  return rows;
}

/** The rollups computed afresh from the order lines (and the parts' current category and make), against the trigger-kept ones. */
async function rollupsMatchLines() {
  expect(
    await difference(
      sql`select company_id, month, product_id, quantity::bigint, amount_cents from purchase_months`,
      NET_LINES,
    ),
  ).toEqual([]);
  const by = (column: 'category_id' | 'make_id') => sql`
    select l.company_id, l.month, p.${sql.raw(column)}, sum(l.quantity)::bigint as quantity, sum(l.amount_cents)::bigint as amount_cents
    from (${NET_LINES}) l join products p on p.id = l.product_id group by 1, 2, 3`;
  expect(
    await difference(
      sql`select company_id, month, category_id, quantity::bigint, amount_cents from purchase_category_months`,
      by('category_id'),
    ),
  ).toEqual([]);
  expect(
    await difference(
      sql`select company_id, month, make_id, quantity::bigint, amount_cents from purchase_make_months`,
      by('make_id'),
    ),
  ).toEqual([]);
}

describe('partnerSaleSummary', () => {
  it('sums real orders by China-time month against last year, less completed returns and cancelled orders', async () => {
    const price = async (part: 'p1' | 'p2') =>
      (
        (
          await shop.t.db.execute(sql`select price::text as price from order_items i join orders o on o.id = i.order_id
          where i.product_id = ${shop.ids[part]} order by i.id desc limit 1`)
        ).rows[0] as { price: string }
      ).price;

    // March of this year: 4 × p1 and 2 × p2; 23:30 China time on the 31st is still March (UTC: 15:30).
    const march = await shop.placeOrder([
      { part: 'p1', quantity: 4 },
      { part: 'p2', quantity: 2 },
    ]);
    await dateOrder(march, `${year}-03-31 23:30:00`);
    // 00:10 on April 1st China time is April (UTC: still March 31st).
    const april = await shop.placeOrder([{ part: 'p1', quantity: 1 }]);
    await dateOrder(april, `${year}-04-01 00:10:00`);
    // Last year's March: 3 × p1.
    const lastMarch = await shop.placeOrder([{ part: 'p1', quantity: 3 }]);
    await dateOrder(lastMarch, `${year - 1}-03-15 10:00:00`);
    // A cancelled order counts nowhere (its part, bought by nothing else of A's, is not listed).
    const cancelled = await shop.placeOrder([{ part: 'p3', quantity: 7 }]);
    await dateOrder(cancelled, `${year}-03-10 10:00:00`);
    const cancel = body(
      await shop.t.injectAs('aMain', {
        method: 'GET',
        url: '/api/Shop.Order/changeStatus',
        query: { order_id: String(await orderId(cancelled)), status: 'cancelled' },
      }),
    );
    expect(cancel.status, cancel.msg).toBe(200);
    // Company B's order is not company A's purchase.
    const b = shop.t.fixtures.accounts.bMain;
    const bOrder = await insertOneLineOrder(shop.t.db, {
      companyId: b.companyId,
      accountId: b.id,
      ordersNo: 'SO-B-REPORT',
      status: 'pending_shipment',
      productId: shop.ids.p3,
      quantity: 9,
      price: '12.34',
    });
    await dateOrder('SO-B-REPORT', `${year}-03-05 09:00:00`);
    expect(bOrder).toBeGreaterThan(0);

    const p1 = await price('p1');
    const p2 = await price('p2');
    const cents = (p: string) => BigInt(p.replace('.', ''));
    const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

    let s = await summary({ start_month: `${year}-03`, end_month: `${year}-04` });
    expect(s.months.map((m) => [m.month, m.last_month, m.quantity, m.last_quantity])).toEqual([
      [`${year}-03`, `${year - 1}-03`, 6, 3],
      [`${year}-04`, `${year - 1}-04`, 1, 0],
    ]);
    expect(s.months[0]!.amount).toBe(money(4n * cents(p1) + 2n * cents(p2)));
    expect(s.months[0]!.last_amount).toBe(money(3n * cents(p1)));
    expect(s.months[1]!.yoy).toBeNull();
    expect(s.total.quantity).toBe(7);
    expect(s.total.amount).toBe(money(5n * cents(p1) + 2n * cents(p2)));
    expect(s.total.last_amount).toBe(money(3n * cents(p1)));
    // Totals equal their lines in every view.
    for (const view of [s.months, s.categories, s.makes, s.parts]) {
      expect(view.reduce((c, r) => c + r.quantity, 0)).toBe(s.total.quantity);
      expect(money(view.reduce((c, r) => c + cents(r.amount), 0n))).toBe(s.total.amount);
    }
    expect(s.categories.map((c) => c.name)).toEqual(['制动系统']);
    expect(s.makes.map((m) => m.name)).toEqual(['宝马']);
    expect(s.parts.map((p) => [p.frey_no, p.quantity, p.last_quantity])).toEqual([
      ['OT-1001', 5, 3],
      ['OT-1002', 2, 0],
    ]);
    expect(s.part_count).toBe(2);
    await rollupsMatchLines();

    // Ship March's order, the dealer receives it, a return of 1 × p1 completed (goods back): March drops by one p1.
    await shipOrder(shop.t.db, { ordersNo: march, carrier: '顺丰', trackingNo: 'SF1234567890', packages: 1 });
    const { rows } = await shop.t.db.execute(
      sql`select delivery_no from deliveries d join orders o on o.id = d.order_id where o.orders_no = ${march}`,
    );
    for (const r of rows as { delivery_no: string }[]) await markDelivered(shop.t.db, r.delivery_no);
    const ret = await createReturn(shop.t.db, {
      ordersNo: march,
      reason: '多订',
      items: [{ productId: shop.ids.p1, quantity: 1 }],
    });
    s = await summary({ start_month: `${year}-03`, end_month: `${year}-03` });
    expect(s.months[0]!.quantity).toBe(6); // a return waiting for review takes nothing off
    await moveReturn(shop.t.db, ret.returnNo, 'accept');
    s = await summary({ start_month: `${year}-03`, end_month: `${year}-03` });
    expect(s.months[0]!.quantity).toBe(6); // accepted, the goods not back yet
    await moveReturn(shop.t.db, ret.returnNo, 'complete');
    s = await summary({ start_month: `${year}-03`, end_month: `${year}-03` });
    expect(s.months[0]!.quantity).toBe(5);
    expect(s.months[0]!.amount).toBe(money(3n * cents(p1) + 2n * cents(p2)));
    await rollupsMatchLines();
  });

  it("moves a part's purchases with it to another category or make", async () => {
    const period = { start_month: `${year}-03`, end_month: `${year}-04` };
    const before = await summary(period);
    const { rows } = await shop.t.db.execute(sql`
      with make as (insert into makes (name_zh, name_en) values ('奥迪', 'Audi') returning id),
        top as (insert into categories (level, l_name_zh) values (1, '滤清系统') returning id),
        mid as (insert into categories (level, parent_id, l_name_zh) select 2, id, '滤清器' from top returning id),
        leaf as (insert into categories (level, parent_id, l_name_zh) select 3, id, '机油滤清器' from mid returning id)
      select (select id from make) as make, (select id from leaf) as leaf, p.make_id as old_make, p.category_id as old_leaf
      from products p where p.id = ${shop.ids.p2}`);
    const ids = rows[0] as { make: number; leaf: number; old_make: number; old_leaf: number };
    const p2 = before.parts.find((p) => p.frey_no === 'OT-1002')!;
    const group = (name: string, g: { quantity: number; amount: string }) => ({
      name,
      quantity: g.quantity,
      amount: g.amount,
    });
    const rest = (t: { quantity: number; amount: string }) => ({
      quantity: t.quantity - p2.quantity,
      amount: centsToMoney(toCents(t.amount)! - toCents(p2.amount)!),
    });

    await shop.t.db.execute(sql`update products set category_id = ${ids.leaf} where id = ${shop.ids.p2}`);
    let s = await summary(period);
    expect(s.categories.map((c) => group(c.name, c))).toEqual([
      group('制动系统', rest(before.total)),
      group('滤清系统', p2),
    ]);
    expect(s.makes.map((m) => group(m.name, m))).toEqual([group('宝马', before.total)]);
    await rollupsMatchLines();

    await shop.t.db.execute(sql`update products set make_id = ${ids.make} where id = ${shop.ids.p2}`);
    s = await summary(period);
    expect(s.makes.map((m) => group(m.name, m))).toEqual([group('宝马', rest(before.total)), group('奥迪', p2)]);
    expect(s.total).toEqual(before.total);
    expect(s.months).toEqual(before.months);
    await rollupsMatchLines();

    await shop.t.db.execute(
      sql`update products set make_id = ${ids.old_make}, category_id = ${ids.old_leaf} where id = ${shop.ids.p2}`,
    );
    s = await summary(period);
    expect([s.categories, s.makes]).toEqual([before.categories, before.makes]);
    await rollupsMatchLines();
  });

  it("migration 0035's backfill builds the category and make rollups from purchase_months", async () => {
    const migration = readFileSync(new URL('../drizzle/0035_report_group_rollups.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- The purchases already in the rollup'));
    const statements = backfill.split('--> statement-breakpoint').map((x) => x.trim());
    expect(statements).toHaveLength(2);
    const count = async () =>
      (
        await shop.t.db.execute(
          sql`select (select count(*) from purchase_category_months where quantity <> 0)::int as c,
            (select count(*) from purchase_make_months where quantity <> 0)::int as m`,
        )
      ).rows[0] as { c: number; m: number };
    const kept = await count();
    expect(kept.c).toBeGreaterThan(0);
    expect(kept.m).toBeGreaterThan(0);
    await shop.t.db.execute(sql`delete from purchase_category_months`);
    await shop.t.db.execute(sql`delete from purchase_make_months`);
    for (const statement of statements) await shop.t.db.execute(sql.raw(statement));
    expect(await count()).toEqual(kept);
    await rollupsMatchLines();
  });

  it('defaults to this year up to this month and refuses bad periods with a Chinese message', async () => {
    const s = await summary();
    expect(s.start_month).toBe(`${year}-01`);
    expect(s.end_month).toBe(thisMonth);
    for (const [payload, msg] of [
      [{ start_month: '2026-13', end_month: '2026-12' }, REPORT_TEXTS.badMonth],
      [{ start_month: '2026-05', end_month: '2026-04' }, REPORT_TEXTS.badRange],
      [{ start_month: '2025-01', end_month: '2026-01' }, REPORT_TEXTS.tooLong],
      [{ start_month: '2026-01\u0000', end_month: '2026-02' }, '内容不能包含空字符'],
      [{ start_month: 202601, end_month: '2026-02' }, REPORT_TEXTS.badMonth],
    ] as const) {
      const b = body(await report('aMain', payload));
      expect(b.status).not.toBe(200);
      expect(b.msg).toContain(msg);
    }
  });

  it('is for main accounts: a sub-account is refused; another company sees only its own purchases', async () => {
    const sub = body(await report('aSub'));
    expect(sub.status).not.toBe(200);
    expect(sub.msg).toBe(REPORT_TEXTS.mainOnly);
    const b = body<PartnerSaleSummary>(await report('bMain', { start_month: `${year}-03`, end_month: `${year}-04` }));
    expect(b.status, b.msg).toBe(200);
    expect(b.data.total).toMatchObject({ quantity: 9, amount: '111.06' });
    expect(b.data.parts.map((p) => p.frey_no)).toEqual(['OT-1003']);
  });

  it('exports every view as .xlsx whose part sheet sums to the total', async () => {
    const res = await shop.t.injectAs('aMain', {
      method: 'GET',
      url: '/api/Shop.Report/partnerSaleExport',
      query: { start_month: `${year}-03`, end_month: `${year}-04` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['按月份', '按分类', '按车型品牌', '按配件']);
    const parts = wb.getWorksheet('按配件')!;
    expect(parts.getRow(2).getCell(1).value).toBe('OT-1001');
    expect(parts.getRow(parts.rowCount).getCell(1).value).toBe('合计');
    expect(parts.getRow(parts.rowCount).getCell(5).value).toBe(6);
    const sub = await shop.t.injectAs('aSub', { method: 'GET', url: '/api/Shop.Report/partnerSaleExport' });
    expect(body(sub).msg).toBe(REPORT_TEXTS.mainOnly);
  });

  it('answers 该功能未开通 where the brand has the report off', async () => {
    const off = await createTestApp({ env: { BRAND: 'partsky' } });
    try {
      for (const url of ['/api/Shop.Report/partnerSaleSummary', '/api/Shop.Report/partnerSaleExport']) {
        const res = await off.injectAs('aMain', { method: url.endsWith('Export') ? 'GET' : 'POST', url, payload: {} });
        expect(body(res).msg).toBe(MODULE_OFF_TEXT);
      }
    } finally {
      await off.close();
    }
  }, 120_000);
});

async function orderId(ordersNo: string): Promise<number> {
  const { rows } = await shop.t.db.execute(sql`select id from orders where orders_no = ${ordersNo}`);
  return Number((rows[0] as { id: number }).id);
}
