import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartPrices } from '@shop/core/api/admin-prices';
import type {
  AdjustList,
  AdminClaimList,
  AdminRunList,
  ClientOrdersList,
  KeepRuleDescription,
} from '@shop/core/api/price-protection';
import { getBrandVariant, MODULE_OFF_TEXT } from '@shop/core/brand-variants';
import { addDays, chinaDay, chinaDayStart } from '../src/lib/china-time';
import { MODULES } from '../src/modules';
import { moduleSubscribers } from '../src/platform/module';
import { createEventDispatcher } from '../src/subscribers';
import { priceAdjusted } from '../src/modules/prices-stock/events';
import { runTransaction } from '../src/platform/request-context';
import { body } from './helpers/api';
import { moveReturn } from './helpers/order-staff';
import { withDemoStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import type { FixtureAccountKey } from './helpers/fixtures';
import { createShop } from './orders-shop';
import { testDatabaseUrl } from './helpers/test-database';
import { compensatePriceChanges } from '../src/modules/price-protection/compensate';
import { insertOneLineOrder } from './orders-test-data';

/** Price protection (docs/price-protection.md) through the staff's price form, the events and Shop.KeepPrice. */
let t: TestApp;
let staff: StaffClient;
let template: number;
const DEALER = getBrandVariant('frey').priceLabels[0]!.key;
const OTHER = getBrandVariant('frey').priceLabels[1]!.key;
let seq = 0;
let parts = 0;
const codes = new Map<number, string>();
const codeOf = (part: number) => codes.get(part)!;

beforeAll(async () => {
  let ids;
  ({ t, ids } = await createShop());
  staff = await withDemoStaff(t);
  template = ids.p1;
}, 120_000);
afterAll(() => t?.close());

/** Delivers the outbox until it is empty (a compensation publishes the event of its messages). */
async function deliver() {
  const dispatcher = createEventDispatcher(t.db);
  while ((await dispatcher.dispatchOnce()) > 0);
}
type Who = 'aMain' | 'aSub' | 'bMain' | 'cRegional';

/** A new part of the class at 100.00 under every label. */
async function newPart(scm = 'A'): Promise<number> {
  const code = `PP-${String(++parts).padStart(4, '0')}`;
  const [row] = (
    await t.db
      .execute(sql`insert into products (frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh, product_name,
        make_id, category_id, scm_classification)
      select ${code}, ${code.replace('-', '')}, ${`OEPP${parts}`}, ${`OEPP${parts}`}, l_name_zh, product_name, make_id, category_id, ${scm}
      from products where id = ${template} returning id`)
  ).rows as { id: number }[];
  const id = Number(row!.id);
  codes.set(id, code);
  await t.db.execute(sql`insert into product_prices (product_id, price_key, amount)
    select ${id}, price_key, 100 from product_prices where product_id = ${template}`);
  return id;
}

/** A line bought by the company at `price`, placed at `at` (default an hour ago); the order item id. */
async function buy(
  who: Who,
  productId: number,
  quantity: number,
  price: string,
  at?: Date,
  status = 'pending_shipment',
) {
  const acc = t.fixtures.accounts[who];
  const orderId = await insertOneLineOrder(t.db, {
    companyId: acc.companyId,
    accountId: acc.id,
    ordersNo: `SOPP${String(++seq).padStart(6, '0')}`,
    status,
    productId,
    quantity,
    price,
  });
  const when = at ?? new Date(Date.now() - 3_600_000);
  await t.db.execute(sql`update orders set created_at = ${when.toISOString()}::timestamptz where id = ${orderId}`);
  await t.db.execute(
    sql`update order_items set created_at = ${when.toISOString()}::timestamptz where order_id = ${orderId}`,
  );
  const [row] = (await t.db.execute(sql`select id from order_items where order_id = ${orderId}`)).rows as {
    id: number;
  }[];
  return { orderId, itemId: Number(row!.id) };
}

/** The staff set a part's price under a label (the back office's price form), then the events run (unless `hold`). */
async function setPrice(productId: number, amount: string, key = DEALER, hold = false) {
  const current = body<PartPrices>(await staff.asStaff('catalog', { url: `/api/admin/prices/${productId}` })).data;
  const expected = Object.fromEntries(current.prices.map((p) => [p.key, p.amount]));
  const res = await staff.asStaff('catalog', {
    method: 'POST',
    url: `/api/admin/prices/${productId}`,
    payload: { prices: { [key]: amount }, expected },
  });
  expect(body(res).status, res.body).toBe(200);
  if (!hold) await deliver();
}

async function claimsOf(productId: number) {
  return (
    await t.db.execute(sql`select c.company_id, c.order_item_id, c.quantity, c.unit_paid::text as unit_paid,
        c.unit_new::text as unit_new, c.amount::text as amount, c.reversed_quantity, c.explanation
      from price_protection_claims c where c.product_id = ${productId} order by c.id`)
  ).rows as {
    company_id: number;
    order_item_id: number;
    quantity: number;
    unit_paid: string;
    unit_new: string;
    amount: string;
    reversed_quantity: number;
    explanation: string;
  }[];
}

async function ledgerOf(companyId: number, productId: number) {
  return (
    await t.db.execute(sql`select l.kind, l.amount::text as amount, l.source_key from company_ledger l
      where l.company_id = ${companyId} and (l.source_key in (select 'protection:' || c.price_history_id || ':' || c.order_item_id
        from price_protection_claims c where c.product_id = ${productId})
        or l.source_key like 'protection-return:%' and split_part(l.source_key, ':', 3)::bigint in
          (select id from price_protection_claims where product_id = ${productId}))
      order by l.id`)
  ).rows as { kind: string; amount: string; source_key: string }[];
}

async function messagesOf(who: FixtureAccountKey) {
  return (
    await t.db.execute(sql`select m.category_id, m.tip_name, m.tip_word, m.link from messages m
      where m.account_id = ${t.fixtures.accounts[who].id} and m.tip_name = '价格保护补偿' order by m.id`)
  ).rows as { category_id: number; tip_name: string; tip_word: string; link: string }[];
}

const keepPrice = (who: FixtureAccountKey, path: string, payload: object = {}) =>
  t.injectAs(who, { method: 'POST', url: `/api/Shop.KeepPrice/${path}`, payload });

/** China day `n` days before today, at a China time of day. */
function daysAgo(n: number, time: '00:00:00' | '23:59:59'): Date {
  const start = chinaDayStart(addDays(chinaDay(new Date()), -n));
  return time === '00:00:00' ? start : new Date(start.getTime() + 86_399_000);
}

describe('the protection window (China days)', () => {
  it('protects a 60-day part bought on day 60 before the drop and not one bought on day 61', async () => {
    const part = await newPart('A');
    const in60 = await buy('aMain', part, 3, '100.00', daysAgo(60, '00:00:00'));
    const out61 = await buy('bMain', part, 2, '100.00', daysAgo(61, '23:59:59'));
    await setPrice(part, '90.00');
    const claims = await claimsOf(part);
    expect(claims.map((c) => c.order_item_id)).toEqual([in60.itemId]);
    expect(claims[0]).toMatchObject({ quantity: 3, unit_paid: '100.00', unit_new: '90.00', amount: '30.00' });
    expect(claims[0]!.explanation).toContain('价保 60 天');
    expect(claims.some((c) => c.order_item_id === out61.itemId)).toBe(false);
    expect(await ledgerOf(t.fixtures.accounts.aMain.companyId, part)).toEqual([
      expect.objectContaining({ kind: 'compensation', amount: '-30.00' }),
    ]);
  });

  it('protects a 180-day part (class C) bought on day 180 and not on day 181', async () => {
    const part = await newPart('C');
    const in180 = await buy('aMain', part, 1, '100.00', daysAgo(180, '00:00:00'));
    await buy('bMain', part, 1, '100.00', daysAgo(181, '23:59:59'));
    const in61 = await buy('cRegional', part, 4, '100.00', daysAgo(61, '23:59:59'));
    await setPrice(part, '75.50');
    const claims = await claimsOf(part);
    expect(claims.map((c) => [c.order_item_id, c.amount])).toEqual([
      [in180.itemId, '24.50'],
      [in61.itemId, '98.00'],
    ]);
  });

  it('leaves out cancelled orders and what was returned before the drop', async () => {
    const part = await newPart('B');
    await buy('aMain', part, 5, '100.00', undefined, 'cancelled');
    const kept = await buy('bMain', part, 5, '100.00');
    await t.db.execute(sql`update order_items set returned_quantity = 2 where id = ${kept.itemId}`);
    await setPrice(part, '99.00');
    expect(await claimsOf(part)).toEqual([
      expect.objectContaining({ order_item_id: kept.itemId, quantity: 3, amount: '3.00' }),
    ]);
  });
});

describe('which changes compensate', () => {
  it('compensates only the second step of two drops in a row, and a line bought between them at its price', async () => {
    const part = await newPart('A');
    const first = await buy('aMain', part, 2, '100.00');
    await setPrice(part, '90.00');
    const between = await buy('bMain', part, 1, '90.00');
    await setPrice(part, '85.00');
    const claims = await claimsOf(part);
    expect(claims.map((c) => [c.order_item_id, c.unit_paid, c.unit_new, c.amount])).toEqual([
      [first.itemId, '100.00', '90.00', '20.00'],
      [first.itemId, '90.00', '85.00', '10.00'],
      [between.itemId, '90.00', '85.00', '5.00'],
    ]);
    const ledger = await ledgerOf(t.fixtures.accounts.aMain.companyId, part);
    expect(ledger.map((l) => l.amount)).toEqual(['-20.00', '-10.00']);
  });

  it('compensates nothing for a rise, nor for a drop back to no more than was paid', async () => {
    const part = await newPart('A');
    await buy('aMain', part, 2, '100.00');
    await setPrice(part, '120.00');
    expect(await claimsOf(part)).toEqual([]);
    await setPrice(part, '110.00');
    expect(await claimsOf(part)).toEqual([]);
  });

  it('ignores a drop of another price label than the one orders are priced at', async () => {
    const part = await newPart('A');
    await buy('aMain', part, 2, '100.00');
    await setPrice(part, '50.00', OTHER);
    expect(await claimsOf(part)).toEqual([]);
    const [run] = (
      await t.db.execute(sql`select count(*)::int as n from price_protection_runs where product_id = ${part}`)
    ).rows as { n: number }[];
    expect(Number(run!.n)).toBe(0);
  });

  it('compensates a price change once, however often its event is delivered', async () => {
    const part = await newPart('A');
    await buy('aMain', part, 2, '100.00');
    await setPrice(part, '95.00');
    // The event again, as a redelivery or a second process would hand it over.
    await t.db.execute(sql`update domain_events set dispatched_at = null, available_at = now()
      where type = 'price.adjusted' and (payload->'productIds') @> ${JSON.stringify([part])}::jsonb`);
    await deliver();
    const before = await messagesOf('aMain');
    await deliver();
    expect(await claimsOf(part)).toHaveLength(1);
    expect(await ledgerOf(t.fixtures.accounts.aMain.companyId, part)).toHaveLength(1);
    expect(await messagesOf('aMain')).toHaveLength(before.length);
  });
});

describe.skipIf(!testDatabaseUrl())('two processes compensating one part at once (PostgreSQL)', () => {
  it("a change another process is claiming does not end the rounds: the part's later change is compensated too", async () => {
    const part = await newPart('A');
    const bought = await buy('aMain', part, 2, '100.00');
    // Two saves in a row, their events not delivered yet: 100 → 90 (h1), 90 → 85 (h2).
    await setPrice(part, '90.00', DEALER, true);
    await setPrice(part, '85.00', DEALER, true);
    const [h1, h2] = (
      (
        await t.db.execute(sql`select id from price_history where product_id = ${part} and price_key = ${DEALER}
          order by id`)
      ).rows as { id: number }[]
    ).map((r) => Number(r.id));
    // Another process has claimed h1 and not committed yet.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const claimedYet = new Promise<void>((resolve) => (claimed = resolve));
    const other = t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into price_protection_runs (price_history_id, product_id) values (${h1!}, ${part})`);
      claimed();
      await released;
    });
    await claimedYet;
    // This process takes h2's event: its first round waits on the other's claim of h1.
    const mine = compensatePriceChanges(t.db, getBrandVariant('frey'), { productIds: [part] });
    while (
      Number(
        (
          (
            await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`)
          ).rows[0] as { n: number }
        ).n,
      ) === 0
    ) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await other;
    expect(await mine).toEqual([h2]);
    expect((await claimsOf(part)).map((c) => [c.order_item_id, c.unit_paid, c.unit_new, c.amount])).toEqual([
      [bought.itemId, '100.00', '85.00', '30.00'],
    ]);
  });
});

describe('import batches', () => {
  it('treats the rollback of a batch as a price change: its drop compensates what was bought at the raised price', async () => {
    const part = await newPart('A');
    const staffId = staff.staffIds.catalog!;
    const batch = 900_000 + part;
    const change = async (oldAmount: string, newAmount: string, source: 'import' | 'rollback') => {
      await runTransaction(t.db, async (tx, emit) => {
        await tx.execute(sql`update product_prices set amount = ${newAmount}::numeric
          where product_id = ${part} and price_key = ${DEALER}`);
        await tx.execute(sql`insert into price_history (product_id, price_key, old_amount, new_amount, staff_id, source, batch_id)
          values (${part}, ${DEALER}, ${oldAmount}::numeric, ${newAmount}::numeric, ${staffId}, ${source}, ${batch})`);
        emit(priceAdjusted({ batchId: batch }));
      });
      await deliver();
    };
    const atOld = await buy('aMain', part, 1, '100.00');
    await change('100.00', '120.00', 'import');
    expect(await claimsOf(part)).toEqual([]);
    const atRaised = await buy('bMain', part, 2, '120.00');
    await change('120.00', '100.00', 'rollback');
    const claims = await claimsOf(part);
    expect(claims.map((c) => [c.order_item_id, c.amount])).toEqual([[atRaised.itemId, '40.00']]);
    expect(claims.some((c) => c.order_item_id === atOld.itemId)).toBe(false);
  });
});

describe('messages', () => {
  it('sends one message per compensated company to its main account only, leading to the bill page', async () => {
    const part = await newPart('A');
    const seen = {
      aMain: (await messagesOf('aMain')).length,
      aSub: (await messagesOf('aSub')).length,
      bMain: (await messagesOf('bMain')).length,
    };
    await buy('aMain', part, 1, '100.00');
    await buy('aSub', part, 1, '100.00');
    await buy('aMain', part, 1, '100.00');
    await setPrice(part, '80.00');
    const a = await messagesOf('aMain');
    expect(a).toHaveLength(seen.aMain + 1);
    expect(a.at(-1)).toMatchObject({ category_id: 5, link: '/profile/bill' });
    expect(a.at(-1)!.tip_word).toContain(codeOf(part));
    expect(await messagesOf('aSub')).toHaveLength(seen.aSub);
    expect(await messagesOf('bMain')).toHaveLength(seen.bMain);
    expect(await claimsOf(part)).toHaveLength(3);
  });
});

describe('returns after a compensation', () => {
  it('takes back the compensation of the returned units, once per return line', async () => {
    const part = await newPart('A');
    const line = await buy('aMain', part, 5, '100.00');
    await setPrice(part, '90.00');
    await setPrice(part, '88.00');
    const acc = t.fixtures.accounts.aMain;
    const returnNo = `THPP${part}`;
    const [r] = (
      await t.db
        .execute(sql`insert into return_orders (company_id, account_id, order_id, return_no, status, total_amount)
        values (${acc.companyId}, ${acc.id}, ${line.orderId}, ${returnNo}, 'accepted', 200) returning id`)
    ).rows as { id: number }[];
    await t.db
      .execute(sql`insert into return_order_items (return_order_id, order_item_id, company_id, product_id, quantity, price)
      values (${r!.id}, ${line.itemId}, ${acc.companyId}, ${part}, 2, 100)`);
    await moveReturn(t.db, returnNo, 'complete');
    await deliver();
    const claims = await claimsOf(part);
    expect(claims.map((c) => [c.amount, c.reversed_quantity])).toEqual([
      ['50.00', 2],
      ['10.00', 2],
    ]);
    const ledger = await ledgerOf(acc.companyId, part);
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([
      ['compensation', '-50.00'],
      ['compensation', '-10.00'],
      ['compensation_reversal', '20.00'],
      ['compensation_reversal', '4.00'],
    ]);
    // Delivered again: nothing more is taken back.
    await t.db.execute(sql`update domain_events set dispatched_at = null, available_at = now()
      where type = 'return.completed' and (payload->>'returnId')::int = ${r!.id}`);
    await deliver();
    expect(await ledgerOf(acc.companyId, part)).toHaveLength(4);
    const page = body<ClientOrdersList>(
      await keepPrice('aMain', 'getClientOrdersList', { keyword: codeOf(part) }),
    ).data;
    expect(page.total_amount).toBe('60.00');
    expect(page.total_reversed).toBe('24.00');
    expect(page.total_net).toBe('36.00');
  });
});

describe('an order cancelled after its compensation', () => {
  it('takes the whole compensation back, once', async () => {
    const part = await newPart('A');
    const line = await buy('aMain', part, 4, '100.00');
    await setPrice(part, '95.00');
    const cancel = body(
      await t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/cancelOrder',
        payload: { order_id: line.orderId },
      }),
    );
    expect(cancel.status, cancel.msg).toBe(200);
    await deliver();
    await t.db.execute(sql`update domain_events set dispatched_at = null, available_at = now()
      where type = 'order.cancelled' and (payload->>'orderId')::int = ${line.orderId}`);
    await deliver();
    expect((await claimsOf(part)).map((c) => [c.amount, c.reversed_quantity])).toEqual([['20.00', 4]]);
    const ledger = await t.db.execute(sql`select kind, amount::text as amount from company_ledger
      where source_key like ${`protection-cancel:${line.orderId}:%`}`);
    expect(ledger.rows).toEqual([{ kind: 'compensation_reversal', amount: '20.00' }]);
  });
});

describe('Shop.KeepPrice', () => {
  it("lists the company's own compensations only, per line and per price change", async () => {
    const part = await newPart('A');
    await buy('aMain', part, 2, '100.00');
    await buy('aSub', part, 1, '100.00');
    await buy('bMain', part, 7, '100.00');
    await setPrice(part, '97.00');
    const lines = async (who: FixtureAccountKey) => {
      const got = body<ClientOrdersList>(await keepPrice(who, 'getClientOrdersList', { keyword: codeOf(part) }));
      expect(got.status).toBe(200);
      return {
        lines: got.data.list.map((l) => [l.orders_no, l.quantity, l.amount]).sort(),
        total: [got.data.total, got.data.total_amount],
      };
    };
    const numbers = (
      await t.db.execute(sql`select o.orders_no, a.username from orders o join accounts a on a.id = o.account_id
        join order_items i on i.order_id = o.id where i.product_id = ${part}`)
    ).rows as { orders_no: string; username: string }[];
    const noOf = (username: string) => numbers.find((n) => n.username === username)!.orders_no;
    // Decision 0049: the main and purchase accounts see every line of the company; another
    // sub-account only its own orders' lines (the main account's order answers it 订单不存在).
    const everyLine = [
      [noOf('a_main'), 2, '6.00'],
      [noOf('a_sub'), 1, '3.00'],
    ].sort();
    expect(await lines('aMain')).toEqual({ lines: everyLine, total: [2, '9.00'] });
    expect(await lines('aPurchase')).toEqual({ lines: everyLine, total: [2, '9.00'] });
    expect(await lines('aSub')).toEqual({ lines: [[noOf('a_sub'), 1, '3.00']], total: [1, '3.00'] });
    const all = body<ClientOrdersList>(await keepPrice('aMain', 'getClientOrdersList', { limit: 200 })).data;
    const bCompany = t.fixtures.accounts.bMain.companyId;
    const bItems = (
      await t.db.execute(sql`select id from price_protection_claims where company_id = ${bCompany}`)
    ).rows.map((r) => Number((r as { id: number }).id));
    expect(all.list.some((l) => bItems.includes(l.id))).toBe(false);
    const [change] = (await t.db.execute(sql`select max(id)::int as id from price_history where product_id = ${part}`))
      .rows as { id: number }[];
    const other = body<ClientOrdersList>(
      await keepPrice('aMain', 'getClientOrdersList', { adjust_id: change!.id }),
    ).data;
    expect(other.list).toHaveLength(2);
    const mine = async (who: FixtureAccountKey) =>
      body<AdjustList>(await keepPrice(who, 'getAdjustList', { scope: 'mine', keyword: codeOf(part) })).data.list.map(
        (c) => [c.adjust_id, c.lines, c.amount, c.net_amount],
      );
    expect(await mine('aMain')).toEqual([[change!.id, 2, '9.00', '9.00']]);
    expect(await mine('aSub')).toEqual([[change!.id, 1, '3.00', '3.00']]);
    const zone = body<AdjustList>(await keepPrice('aMain', 'getAdjustList', { keyword: codeOf(part) })).data;
    expect(zone.list[0]).toMatchObject({
      old_price: '100.00',
      new_price: '97.00',
      direction: 'down',
      protection_days: 60,
    });
    const rules = body<KeepRuleDescription>(await keepPrice('aMain', 'getKeepRuleDescription')).data;
    expect(rules.price_label).toBe('经销价');
    expect(rules.days).toEqual([
      { classes: 'A、XA、B、XB', days: 60 },
      { classes: 'C、XC、D、XD', days: 180 },
    ]);
  });

  it('shows finance staff the drops with their companies and lines, and refuses staff without finance', async () => {
    const part = await newPart('A');
    await buy('aMain', part, 1, '100.00');
    await buy('bMain', part, 1, '100.00');
    await setPrice(part, '60.00');
    const runs = body<AdminRunList>(
      await staff.asStaff('finance', { url: `/api/admin/price-protection/runs?keyword=${codeOf(part)}` }),
    ).data;
    expect(runs.list).toEqual([
      expect.objectContaining({ companies: 2, lines: 2, amount: '80.00', new_price: '60.00' }),
    ]);
    const lines = body<AdminClaimList>(
      await staff.asStaff('finance', { url: `/api/admin/price-protection/runs/${runs.list[0]!.adjust_id}/claims` }),
    ).data;
    expect(lines.list.map((l) => l.amount)).toEqual(['40.00', '40.00']);
    // A price drop that never was: not found, rather than an empty list as if it compensated no one.
    const none = await staff.asStaff('finance', { url: '/api/admin/price-protection/runs/999999/claims' });
    expect(body(none)).toMatchObject({ status: 201, msg: '调价记录不存在' });
    const denied = await staff.asStaff('catalog', { url: '/api/admin/price-protection/runs' });
    expect(denied.statusCode).toBe(403);
  });
});

describe('the brand switch', () => {
  it('answers 该功能未开通 where the brand has price protection off, and compensates nothing there', async () => {
    const off = await createTestApp({ env: { BRAND: 'partsky' } });
    try {
      for (const path of ['getAdjustList', 'getClientOrdersList', 'getKeepRuleDescription']) {
        const b = body(
          await off.injectAs('aMain', { method: 'POST', url: `/api/Shop.KeepPrice/${path}`, payload: {} }),
        );
        expect(b.msg).toBe(MODULE_OFF_TEXT);
      }
      const subscribers = moduleSubscribers(MODULES, getBrandVariant('partsky')).map((s) => s.name);
      expect(subscribers).not.toContain('price-protection');
      expect(moduleSubscribers(MODULES, getBrandVariant('frey')).map((s) => s.name)).toContain('price-protection');
    } finally {
      await off.close();
    }
  }, 120_000); // a second shop starts inside the test
});
