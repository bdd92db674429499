import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOrderResponse } from '@shop/core/api/orders';
import type { ApprovalPage, CreditPage } from '@shop/core/api/statements';
import { getBrandVariant } from '@shop/core/brand-variants';
import { toCents } from '@shop/core/money';
import { openBalance } from '../src/modules/statements/credit';
import { postLedgerEntries } from '../src/modules/statements/ledger';
import { createEventDispatcher } from '../src/subscribers';
import { body } from './helpers/api';
import { withDemoStaff, type StaffClient } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import { createShop } from './orders-shop';
import { addCartLine, cloneParts, createBuyers, sessionFor, stockOf, type Buyer } from './orders-test-data';

/**
 * Credit limits and special approval (docs/statements.md, 'Credit'): concurrent orders never take
 * a company past its limit; past it an order is refused with the reason, or, sent for special
 * approval, waits for finance staff, who approve or refuse it (the dealer is messaged either way).
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const CONCURRENT = 20;
let t: TestApp;
let staff: StaffClient;
let parts: number[];
let price: string;
let buyers: Buyer[];
const deliver = () => createEventDispatcher(t.db).drain();

beforeAll(async () => {
  const shop = await createShop();
  t = shop.t;
  staff = await withDemoStaff(t);
  parts = await cloneParts(t.db, shop.ids.p1, CONCURRENT, [10, 10]);
  buyers = await createBuyers(t.db, 4, 'credit');
  const [r] = (
    await t.db.execute(sql`select amount::text as amount from product_prices where product_id = ${parts[0]!}
      and price_key = ${getBrandVariant(t.config.BRAND).priceLabels[0]!.key}`)
  ).rows as { amount: string }[];
  // Orders are priced at the brand's first label.
  price = r!.amount;
}, 120_000);
afterAll(() => t?.close());

const setCredit = (companyId: number, limit: string | null, days = 30) =>
  staff.asStaff('finance', {
    method: 'POST',
    url: `/api/admin/finance/credit/${companyId}`,
    payload: { credit_limit: limit, payment_days: days },
  });

const order = (b: Buyer, line: number, extra: Record<string, unknown> = {}, token = b.token) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/Shop.Order/add',
      headers: { authorization: token },
      payload: { pd_cart_ids: String(line), address_id: b.addressId, ...extra },
    })
    .then((r) => body<AddOrderResponse>(r));

describe('credit limit', () => {
  it('finance sets a limit (audited); other roles may not', async () => {
    const b = buyers[0]!;
    expect(body(await setCredit(b.companyId, '1000', 45))).toMatchObject({ status: 200, msg: '信用额度已保存' });
    expect((await staff.asStaff('catalog', { url: '/api/admin/finance/credit' })).statusCode).toBe(403);
    const list = body<CreditPage>(
      await staff.asStaff('finance', { url: '/api/admin/finance/credit?keyword=credit汽配1' }),
    );
    expect(list.data.list[0]).toMatchObject({
      credit_limit: '1000.00',
      payment_days: 45,
      open_balance: '0.00',
      available: '1000.00',
    });
    const bad = body(await setCredit(b.companyId, '-5'));
    expect(bad.msg).toContain('信用额度格式不正确');
    const audit = await t.db.execute(sql`select action, after from audit_log where action = 'finance.credit.set'
      and entity_id = ${String(b.companyId)}`);
    expect(audit.rows).toHaveLength(1);
  });

  it(`${CONCURRENT} concurrent orders: the open balance never passes the limit; the refused keep their cart lines`, async () => {
    const b = buyers[1]!;
    // Room for exactly 4 orders of one unit, with a balance already owed.
    const unit = toCents(price)!;
    await postLedgerEntries(t.db, [
      {
        companyId: b.companyId,
        kind: 'adjustment',
        amount: '100.00',
        occurredAt: new Date(),
        sourceKey: 'credit-open',
        description: '期初',
      },
    ]);
    const limitCents = 10000n + unit * 4n + unit / 2n;
    const limit = `${limitCents / 100n}.${String(limitCents % 100n).padStart(2, '0')}`;
    await setCredit(b.companyId, limit);
    const lines = await Promise.all(parts.map((p) => addCartLine(t.db, b, p, 1, 1)));
    const tokens = await Promise.all(parts.map(() => sessionFor(t.db, b.accountId, b.companyId)));
    const results = await Promise.all(lines.map((line, i) => order(b, line, {}, tokens[i])));
    const placed = results.filter((r) => r.status === 200);
    expect(placed).toHaveLength(4);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.msg.startsWith('超出信用额度：额度 ¥'))).toBe(true);
    const open = await openBalance(t.db, b.companyId);
    expect(toCents(open.open)! <= limitCents).toBe(true);
    expect(open.open).toBe(`${(10000n + unit * 4n) / 100n}.${String((10000n + unit * 4n) % 100n).padStart(2, '0')}`);
    const [left] = (
      await t.db.execute(sql`select count(*)::int as n from cart_items where company_id = ${b.companyId}`)
    ).rows as { n: number }[];
    expect(Number(left!.n)).toBe(CONCURRENT - 4);
    // Stock of the refused lines was not taken.
    const untouched = await Promise.all(parts.map((p) => stockOf(t.db, p, 1)));
    expect(untouched.filter((s) => s === 10)).toHaveLength(CONCURRENT - 4);
  });

  it('no limit set: orders are not checked', async () => {
    const b = buyers[2]!;
    await setCredit(b.companyId, null);
    const line = await addCartLine(t.db, b, parts[0]!, 1, 5);
    expect((await order(b, line)).status).toBe(200);
  });
});

describe('special approval', () => {
  it('past the limit with is_special_approval = 1 the order waits; finance approves; the dealer is messaged', async () => {
    const b = buyers[3]!;
    await setCredit(b.companyId, '50');
    const line = await addCartLine(t.db, b, parts[1]!, 1, 1);
    const refused = await order(b, line);
    expect(refused.status).toBe(201);
    expect(refused.msg).toContain('可提交特批申请');
    const waiting = await order(b, line, { is_special_approval: 1 });
    expect(waiting).toMatchObject({ status: 200, msg: '订单已提交，超出信用额度，等待财务特批' });
    expect(waiting.data.awaiting_approval).toBe(1);
    const orderId = waiting.data.order_id;
    const [o] = (await t.db.execute(sql`select status from orders where id = ${orderId}`)).rows as { status: string }[];
    expect(o!.status).toBe('pending_approval');
    // Awaiting approval, it does not count in the open balance.
    expect((await openBalance(t.db, b.companyId)).open).toBe('0.00');
    const queue = body<ApprovalPage>(await staff.asStaff('finance', { url: '/api/admin/finance/approvals' }));
    expect(queue.data.list.map((a) => a.order_id)).toContain(orderId);
    const approve = () =>
      staff.asStaff('finance', {
        method: 'POST',
        url: `/api/admin/finance/approvals/${orderId}/approve`,
        payload: { note: '老客户' },
      });
    expect(body(await approve())).toMatchObject({ status: 200 });
    expect(body(await approve())).toMatchObject({ status: 201, msg: '该特批申请已处理' });
    const [after] = (await t.db.execute(sql`select status from orders where id = ${orderId}`)).rows as {
      status: string;
    }[];
    expect(after!.status).toBe('pending_shipment');
    await deliver();
    const msgs = await t.db.execute(sql`select tip_name from messages where company_id = ${b.companyId}
      and tip_name = '特批申请已通过'`);
    expect(msgs.rows).toHaveLength(1);
  });

  it('finance refuses: the order is cancelled, its stock comes back, the dealer is messaged with the reason', async () => {
    const b = buyers[3]!;
    const before = await stockOf(t.db, parts[2]!, 1);
    const line = await addCartLine(t.db, b, parts[2]!, 1, 2);
    const waiting = await order(b, line, { is_special_approval: 1 });
    expect(waiting.data.awaiting_approval).toBe(1);
    expect(await stockOf(t.db, parts[2]!, 1)).toBe(before - 2);
    const res = await staff.asStaff('finance', {
      method: 'POST',
      url: `/api/admin/finance/approvals/${waiting.data.order_id}/refuse`,
      payload: { note: '逾期未付款' },
    });
    expect(body(res)).toMatchObject({ status: 200 });
    expect(await stockOf(t.db, parts[2]!, 1)).toBe(before);
    await deliver();
    const msgs = await t.db.execute(sql`select tip_word from messages where company_id = ${b.companyId}
      and order_id = ${waiting.data.order_id} and tip_name = '订单已取消'`);
    expect(msgs.rows.map((r) => (r as { tip_word: string }).tip_word)[0]).toContain('信用额度特批未通过：逾期未付款');
    const audit = await t.db.execute(sql`select action from audit_log where entity_type = 'order'
      and entity_id = ${String(waiting.data.order_id)}`);
    expect(audit.rows).toEqual([{ action: 'finance.approval.refuse' }]);
    const foreign = await staff.asStaff('finance', {
      method: 'POST',
      url: `/api/admin/finance/approvals/999999/approve`,
      payload: {},
    });
    expect(body(foreign)).toMatchObject({ status: 201, msg: '特批申请不存在' });
  });
});
