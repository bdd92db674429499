import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ActivityInput,
  AdminActivity,
  AdminVoucher,
  ClaimableVoucher,
  ClaimResponse,
  MyVoucherPage,
  OrdersVoucherResponse,
  VoucherInput,
  VoucherUse,
} from '@shop/core/api/coupons';
import type { AddOrderResponse, OrderDetail } from '@shop/core/api/orders';
import type { UserProfile } from '@shop/core/api/user';
import type { AdminOrderDetail } from '@shop/core/api/admin';
import { chinaDayOf, COUPON_TEXTS } from '@shop/core/coupons';
import { getBrandVariant, MODULE_OFF_TEXT } from '@shop/core/brand-variants';
import { addDays, chinaDayStart } from '../src/lib/china-time';
import { body, sending } from './helpers/api';
import { auditOf, type StaffClient, withDemoStaff } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import type { FixtureAccountKey } from './helpers/fixtures';
import { createShop } from './orders-shop';
import { changeBalance } from '../src/modules/points/ledger';
import { activityBadge } from '../src/modules/catalog/product-rows';
import { runTransaction } from '../src/platform/request-context';
import { addCartLine, insertAddress, sessionFor, stockOf } from './orders-test-data';

/**
 * Vouchers and activities (docs/coupons.md): staff set them up, dealers claim and use them,
 * every rule checked in the order's transaction, cancel gives the use back once.
 */
let t: TestApp;
let staff: StaffClient;
let ids: Awaited<ReturnType<typeof createShop>>['ids'];
let addr: Record<'a' | 'b', number>;
let leafCategory: number;
let topCategory: number;
const today = chinaDayOf(new Date());

beforeAll(async () => {
  ({ t, ids } = await createShop());
  staff = await withDemoStaff(t);
  const f = t.fixtures.accounts;
  addr = {
    a: await insertAddress(t.db, f.aMain.companyId, f.aMain.id, { isMain: true }),
    b: await insertAddress(t.db, f.bMain.companyId, f.bMain.id, { isMain: true }),
  };
  const [c] = (
    await t.db.execute(sql`select c3.id as leaf, c1.id as top from products p
    join categories c3 on c3.id = p.category_id join categories c2 on c2.id = c3.parent_id
    join categories c1 on c1.id = c2.parent_id where p.id = ${ids.p1}`)
  ).rows as { leaf: number; top: number }[];
  leafCategory = Number(c!.leaf);
  topCategory = Number(c!.top);
}, 60_000);
afterAll(() => t?.close());

async function sheetRows(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}
afterEach(() => {
  vi.useRealTimers();
});

type Who = FixtureAccountKey;
const admin = (method: 'GET' | 'POST', url: string, payload?: object, who: 'catalog' | 'service' = 'catalog') =>
  staff.asStaff(who, { method, url: `/api/admin/coupon${url}`, ...(payload ? { payload } : {}) });
const dealer = (who: Who, method: 'GET' | 'POST', path: string, data: Record<string, unknown> = {}) =>
  t.injectAs(who, { url: `/api/Shop.ActivityProductV2/${path}`, ...sending(method, data) });

function voucherInput(over: Partial<VoucherInput> = {}): VoucherInput {
  return {
    name: '春季满减券',
    value: '50',
    threshold: '300',
    valid_from: today,
    valid_to: addDays(today, 30),
    scope: 'all',
    kind: 'issued',
    per_company_uses: 1,
    total_uses: null,
    ...over,
  };
}

async function newVoucher(over: Partial<VoucherInput> = {}): Promise<AdminVoucher> {
  const b = body<AdminVoucher>(await admin('POST', '/vouchers', voucherInput(over)));
  expect(b.status, b.msg).toBe(200);
  return b.data;
}

async function newActivity(input: ActivityInput): Promise<AdminActivity> {
  const b = body<AdminActivity>(await admin('POST', '/activities', input));
  expect(b.status, b.msg).toBe(200);
  return b.data;
}

/** Issues the voucher to companies and answers the company a's grant id (voucher_orders_id). */
async function issue(voucherId: number, companies: number[] = [t.fixtures.accounts.aMain.companyId]): Promise<number> {
  const b = body(await admin('POST', `/vouchers/${voucherId}/issue`, { company_ids: companies }));
  expect(b.status, b.msg).toBe(200);
  const [g] = (
    await t.db.execute(sql`select id from voucher_grants where voucher_id = ${voucherId}
    and company_id = ${companies[0]!}`)
  ).rows as { id: number }[];
  return Number(g!.id);
}

async function grantUse(grantId: number) {
  const [g] = (
    await t.db.execute(sql`select g.uses, g.used, v.used_count from voucher_grants g
    join vouchers v on v.id = g.voucher_id where g.id = ${grantId}`)
  ).rows as Record<string, unknown>[];
  return { uses: Number(g!.uses), used: Number(g!.used), voucherUsed: Number(g!.used_count) };
}

/** Places an order of one cart line (part, quantity) for a fixture account of company a or b. */
async function order(
  who: 'aMain' | 'aSub' | 'bMain',
  part: keyof typeof ids,
  quantity: number,
  voucher: string | number,
  token?: string,
  freyCoin = 0,
) {
  const acc = t.fixtures.accounts[who];
  await t.db.execute(sql`delete from cart_items where company_id = ${acc.companyId} and product_id = ${ids[part]}`);
  const line = await addCartLine(t.db, acc, ids[part], 1, quantity);
  const options = {
    method: 'POST' as const,
    url: '/api/Shop.Order/add',
    payload: {
      pd_cart_ids: String(line),
      address_id: who === 'bMain' ? addr.b : addr.a,
      remark: '',
      frey_coin: freyCoin,
      voucher_orders_id: voucher,
    },
  };
  const res = token
    ? await t.app.inject({ ...options, headers: { authorization: token } })
    : await t.injectAs(who, options);
  return { b: body<AddOrderResponse>(res), line };
}

/** An order's detail as the account sees it, with the sum of its lines in cents. */
async function orderDetail(who: Who, orderId: number) {
  const detail = body<OrderDetail>(
    await t.injectAs(who, { url: `/api/Shop.Order/getDetail?order_id=${orderId}` }),
  ).data;
  const lines = detail.items.reduce((sum, i) => sum + Math.round(Number(i.total_price) * 100), 0);
  return { detail, lines };
}

async function cartLineExists(line: number): Promise<boolean> {
  return (await t.db.execute(sql`select 1 from cart_items where id = ${line}`)).rows.length === 1;
}

const price = async (part: keyof typeof ids) => {
  const key = getBrandVariant(t.config.BRAND).priceLabels[0]!.key;
  const [r] = (
    await t.db.execute(sql`select amount::text as amount from product_prices where product_id = ${ids[part]}
    and price_key = ${key}`)
  ).rows as { amount: string }[];
  return r!.amount;
};

describe('the back office sets vouchers up', () => {
  it('creates, edits, stops and issues a voucher, each change audited; other roles are refused', async () => {
    const v = await newVoucher();
    expect(v).toMatchObject({
      title: '满 300 减 50',
      value: '50.00',
      threshold: '300.00',
      status: 'active',
      granted_uses: 0,
    });
    const edited = body<AdminVoucher>(
      await admin('POST', `/vouchers/${v.voucher_id}`, voucherInput({ name: '春季满减券（改）', total_uses: 10 })),
    );
    expect(edited.data.name).toBe('春季满减券（改）');
    await issue(v.voucher_id, [t.fixtures.accounts.aMain.companyId, t.fixtures.accounts.bMain.companyId]);
    expect(body<AdminVoucher>(await admin('GET', `/vouchers/${v.voucher_id}`)).data).toMatchObject({
      granted_uses: 2,
      companies: 2,
    });
    // Issuing again tops up, never adds beyond per_company_uses.
    await issue(v.voucher_id, [t.fixtures.accounts.aMain.companyId]);
    expect(body<AdminVoucher>(await admin('GET', `/vouchers/${v.voucher_id}`)).data.granted_uses).toBe(2);
    const lower = body(await admin('POST', `/vouchers/${v.voucher_id}`, voucherInput({ total_uses: 1 })));
    expect(lower).toMatchObject({ status: 201, msg: '总数不能少于已发放的 2 次' });
    expect(body(await admin('POST', `/vouchers/${v.voucher_id}/stop`)).status).toBe(200);
    const actions = (await auditOf(staff, 'voucher', v.voucher_id)).map((e) => e.action);
    expect(actions).toEqual([
      'coupon.voucher.stop',
      'coupon.voucher.issue',
      'coupon.voucher.issue',
      'coupon.voucher.update',
      'coupon.voucher.create',
    ]);
    const refused = await admin('GET', '/vouchers', undefined, 'service');
    expect(refused.statusCode).toBe(403);
  });

  it('refuses bad input with Chinese messages', async () => {
    for (const [over, msg] of [
      [{ value: '0' }, '面额必须大于 0'],
      [{ valid_to: addDays(today, -1) }, '结束日期不能早于开始日期'],
      [{ valid_from: '2026-02-30' }, '日期格式不正确（YYYY-MM-DD）'],
      [{ scope: 'parts' as const }, '请至少选择一个适用商品或分类'],
      [{ name: ' ' }, '请填写名称'],
    ] as const) {
      const b = body(await admin('POST', '/vouchers', voucherInput(over)));
      expect(b.msg).toContain(msg);
    }
  });
});

describe('using a voucher on an order', () => {
  it('deducts its value in the order, shown in the order and its detail; a sub-account of the company may use it', async () => {
    const v = await newVoucher();
    const grant = await issue(v.voucher_id);
    const list = body<MyVoucherPage>(await dealer('aSub', 'GET', 'myVoucherList', { state: 'usable' })).data;
    expect(list.list.map((g) => g.voucher_orders_id)).toContain(grant);
    const { b } = await order('aSub', 'p1', 3, grant);
    expect(b.status, b.msg).toBe(200);
    expect(b.data.voucher_amount).toBe('50.00');
    const { detail, lines } = await orderDetail('aSub', b.data.order_id);
    expect(Math.round(Number(detail.total_amount) * 100)).toBe(lines);
    expect(detail.voucher_amount).toBe('50.00');
    expect(Math.round(Number(detail.pay_amount) * 100)).toBe(lines - 5000);
    expect(await grantUse(grant)).toEqual({ uses: 1, used: 1, voucherUsed: 1 });
    const used = body<MyVoucherPage>(await dealer('aMain', 'GET', 'myVoucherList', { state: 'used' })).data;
    expect(used.list.find((g) => g.voucher_orders_id === grant)?.orders).toEqual([
      { orders_id: b.data.order_id, orders_no: b.data.orders_no, amount: '50.00' },
    ]);
    // Used up: a second order with it is refused and writes nothing.
    const again = await order('aMain', 'p1', 3, grant);
    expect(again.b).toMatchObject({ status: 201, msg: '优惠券已用完' });
    expect(await cartLineExists(again.line)).toBe(true);
  });

  it('with frey coins: the voucher first, the coins on what it leaves (at most 20% of it); detail and list show both', async () => {
    const a = t.fixtures.accounts.aMain;
    await runTransaction(t.db, (tx) =>
      changeBalance(tx, { kind: 'coin', companyId: a.companyId, change: 10_000, cause: 'adjustment', note: 'test' }),
    );
    const unit = Math.round(Number(await price('p1')) * 100);
    const quantity = Math.max(3, Math.ceil(30_000 / unit));
    const cents = unit * quantity;
    // 20% of what the voucher leaves, in whole yuan (one coin pays ¥1).
    const most = Math.floor(((cents - 5000) * 20) / 100 / 100);
    const v = await newVoucher();
    const tooMany = await order('aMain', 'p1', quantity, await issue(v.voucher_id), undefined, most + 1);
    expect(tooMany.b).toMatchObject({ status: 201 });
    expect(await cartLineExists(tooMany.line)).toBe(true);

    const v2 = await newVoucher();
    const grant = await issue(v2.voucher_id);
    const { b } = await order('aMain', 'p1', quantity, grant, undefined, most);
    expect(b.status, b.msg).toBe(200);
    expect(b.data.voucher_amount).toBe('50.00');
    const { detail, lines } = await orderDetail('aMain', b.data.order_id);
    expect(lines).toBe(cents);
    expect(detail.frey_coin).toBe(most);
    expect(Math.round(Number(detail.pay_amount) * 100)).toBe(cents - 5000 - most * 100);
    const list = body<{ list: OrderDetail[] }>(
      await t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/getPurchaseList',
        payload: { page: 1, limit: 10, orders_no: b.data.orders_no },
      }),
    ).data.list;
    expect(list.find((o) => o.orders_id === b.data.order_id)?.pay_amount).toBe(detail.pay_amount);

    // Both exports: the goods, the two deductions and the amount to pay; each row's pay is its total
    // less both deductions, and the 合计 row is the sum of the rows.
    const headers = ['商品金额', '优惠券抵扣', '积分币抵扣', '应付金额'];
    const check = async (rows: string[][], wanted: string) => {
      const at = headers.map((h) => rows[0]!.indexOf(h));
      expect(at.every((i) => i >= 0)).toBe(true);
      const cells = (r: string[]) => at.map((i) => Math.round(Number(r[i]) * 100));
      const body_ = rows.slice(1, -1);
      const mine = body_.find((r) => r[0] === wanted)!;
      expect(cells(mine)).toEqual([cents, 5000, most * 100, cents - 5000 - most * 100]);
      for (const r of body_) {
        const [total, voucher, coins, pay] = cells(r);
        expect(pay).toBe(Math.max(0, total! - voucher! - coins!));
      }
      const last = rows.at(-1)!;
      expect(last[0]).toBe('合计');
      expect(cells(last)).toEqual(at.map((_, k) => body_.reduce((sum, r) => sum + cells(r)[k]!, 0)));
    };
    const dealerFile = await t.injectAs('aMain', { url: '/api/Shop.Order/orderExport' });
    await check(await sheetRows(dealerFile.rawPayload), b.data.orders_no);
    const staffFile = await staff.asStaff('admin', { url: '/api/admin/orders/export' });
    await check(await sheetRows(staffFile.rawPayload), b.data.orders_no);
    const staffDetail = body<AdminOrderDetail>(
      await staff.asStaff('admin', { url: `/api/admin/orders/${b.data.orders_no}` }),
    );
    expect(staffDetail.data.order).toMatchObject({
      voucher_amount: '50.00',
      frey_coin_amount: detail.frey_coin_amount,
      pay_amount: detail.pay_amount,
    });
  });

  it("refuses another company's voucher as not found, and writes nothing", async () => {
    const v = await newVoucher();
    const grant = await issue(v.voucher_id);
    const stock = await stockOf(t.db, ids.p2, 1);
    const { b, line } = await order('bMain', 'p2', 3, grant);
    expect(b).toMatchObject({ status: 201, msg: '优惠券不存在' });
    expect(await stockOf(t.db, ids.p2, 1)).toBe(stock);
    expect(await cartLineExists(line)).toBe(true);
    expect(await grantUse(grant)).toMatchObject({ used: 0 });
    const other = body<MyVoucherPage>(await dealer('bMain', 'GET', 'myVoucherList', { state: 'usable' })).data;
    expect(other.list.map((g) => g.voucher_orders_id)).not.toContain(grant);
  });

  it('refuses below the threshold (the lines it covers), stopped, and malformed ids', async () => {
    const p1 = await price('p1');
    const v = await newVoucher({ threshold: String(Number(p1) * 2 + 0.01) });
    const grant = await issue(v.voucher_id);
    const below = await order('aMain', 'p1', 2, grant);
    expect(below.b.status).toBe(201);
    expect(below.b.msg).toMatch(/^适用商品金额未满 \d+\.\d\d 元，不能使用该优惠券$/);
    expect(await cartLineExists(below.line)).toBe(true);
    await admin('POST', `/vouchers/${v.voucher_id}/stop`);
    expect((await order('aMain', 'p1', 3, grant)).b).toMatchObject({ status: 201, msg: '优惠券已停用' });
    expect((await order('aMain', 'p1', 3, 'abc')).b).toMatchObject({ status: 201, msg: '优惠券不可用' });
  });

  it('applies only to its parts or categories (any level), and never more than they cost', async () => {
    const onlyP2 = await newVoucher({ scope: 'parts', product_ids: [ids.p2], threshold: '0' });
    const g1 = await issue(onlyP2.voucher_id);
    expect((await order('aMain', 'p1', 1, g1)).b).toMatchObject({ status: 201, msg: '订单中没有该优惠券适用的商品' });
    const big = await newVoucher({ scope: 'categories', category_ids: [topCategory], threshold: '0', value: '9999' });
    const g2 = await issue(big.voucher_id);
    const { b } = await order('aMain', 'p3', 1, g2);
    expect(b.status, b.msg).toBe(200);
    // The voucher is worth more than the line: the deduction is the line, the order pays 0.
    expect(b.data.voucher_amount).toBe(b.data.total_amount);
    const leaf = await newVoucher({ scope: 'categories', category_ids: [leafCategory], threshold: '0', value: '5' });
    const g3 = await issue(leaf.voucher_id);
    expect((await order('aMain', 'p4', 1, g3)).b.data.voucher_amount).toBe('5.00');
  });

  it('cancelling the order gives the use back exactly once', async () => {
    const v = await newVoucher({ per_company_uses: 1 });
    const grant = await issue(v.voucher_id);
    const { b } = await order('aMain', 'p1', 3, grant);
    expect(b.status, b.msg).toBe(200);
    expect(await grantUse(grant)).toEqual({ uses: 1, used: 1, voucherUsed: 1 });
    const cancel = () =>
      t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/cancelOrder',
        payload: { order_id: b.data.order_id },
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([body(first).status, body(second).status].sort()).toEqual([200, 201]);
    expect(await grantUse(grant)).toEqual({ uses: 1, used: 0, voucherUsed: 0 });
    expect(body(await cancel()).status).toBe(201);
    expect(await grantUse(grant)).toEqual({ uses: 1, used: 0, voucherUsed: 0 });
    // The use is back: another order may take it.
    expect((await order('aMain', 'p1', 3, grant)).b.data.voucher_amount).toBe('50.00');
    const uses = body<VoucherUse[]>(await admin('GET', `/vouchers/${v.voucher_id}/uses`)).data;
    expect(uses[0]!.orders.map((o) => o.released)).toEqual([1, 0]);
    expect(uses[0]!.orders.map((o) => o.used_at)).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    ]);
  });
});

describe('the day edges in China time', () => {
  const tomorrow = addDays(today, 1);
  /**
   * The shop's clock at `moment` (Date only; the database keeps its own): a fresh session of
   * aMain seen at that moment, as a dealer logged in then would have.
   */
  const at = async (moment: Date): Promise<string> => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(moment);
    const a = t.fixtures.accounts.aMain;
    const token = await sessionFor(t.db, a.id, a.companyId);
    await t.db.execute(sql`update sessions set last_seen_at = ${moment.toISOString()}::timestamptz
      where account_id = ${a.id} and expires_at > ${moment.toISOString()}::timestamptz`);
    return token;
  };

  it('a voucher valid until tomorrow works at 23:59:59.999 China time and is expired at 00:00', async () => {
    const v = await newVoucher({ valid_to: tomorrow, per_company_uses: 2 });
    const grant = await issue(v.voucher_id);
    let token = await at(new Date(chinaDayStart(addDays(tomorrow, 1)).getTime() - 1));
    const last = await order('aMain', 'p5', 3, grant, token);
    expect(last.b.status, last.b.msg).toBe(200);
    token = await at(chinaDayStart(addDays(tomorrow, 1)));
    expect((await order('aMain', 'p5', 3, grant, token)).b).toMatchObject({ status: 201, msg: '优惠券已过期' });
    const expired = body<MyVoucherPage>(
      await t.app.inject({
        url: '/api/Shop.ActivityProductV2/myVoucherList?state=expired',
        headers: { authorization: token },
      }),
    ).data;
    expect(expired.list.map((g) => g.voucher_orders_id)).toContain(grant);
  });

  it('a voucher valid from tomorrow is refused until 00:00 China time of that day', async () => {
    const v = await newVoucher({ valid_from: tomorrow, valid_to: tomorrow });
    const grant = await issue(v.voucher_id);
    let token = await at(new Date(chinaDayStart(tomorrow).getTime() - 1));
    expect((await order('aMain', 'p6', 3, grant, token)).b).toMatchObject({ status: 201, msg: '优惠券未到使用时间' });
    token = await at(chinaDayStart(tomorrow));
    const first = await order('aMain', 'p6', 3, grant, token);
    expect(first.b.status, first.b.msg).toBe(200);
  });
});

describe('the activity zone is for accounts whose profile has activity_flag 1', () => {
  it('refuses the zone (parts, slides, vouchers, claims) to an account without it; a flagged account gets it', async () => {
    const flagOf = async (who: Who) =>
      body<UserProfile>(await t.injectAs(who, { url: '/api/Shop.User/info' })).data.activity_flag;
    // No activity runs yet, so the flag is the account's own (decision 0046): a_main has none.
    expect(await flagOf('aMain')).toBe(0);
    const zone = [
      ['POST', 'getList', { page: 1, limit: 10 }],
      ['POST', 'getSlideSecActivity', {}],
      ['GET', 'getActivityVoucher', { activity_id: 1 }],
      ['POST', 'sendVoucherNum', { voucher_id: 1 }],
    ] as const;
    for (const [method, path, data] of zone) {
      expect(body(await dealer('aMain', method, path, data)), path).toMatchObject({
        status: 201,
        msg: COUPON_TEXTS.zoneClosed,
      });
    }
    // c_regional is flagged: the zone opens (empty while no activity runs).
    expect(await flagOf('cRegional')).toBe(1);
    expect(body(await dealer('cRegional', 'POST', 'getSlideSecActivity'))).toMatchObject({ status: 200, data: [] });
    expect(body(await dealer('cRegional', 'POST', 'getList', { page: 1, limit: 10 })).msg).toBe(
      COUPON_TEXTS.activityNotFound,
    );
    // Vouchers outside the zone stay open to every account.
    expect(body(await dealer('aMain', 'GET', 'myVoucherList', { state: 'usable', page: 1, limit: 10 })).status).toBe(
      200,
    );
  });
});

describe('activities and campaign vouchers', () => {
  let activity: AdminActivity;
  let campaign: AdminVoucher;

  beforeAll(async () => {
    activity = await newActivity({
      name: '春季保养节',
      image: '/media/content/spring.png',
      starts_on: today,
      ends_on: addDays(today, 10),
      product_ids: [ids.p2, ids.p1],
    });
    campaign = await newVoucher({
      kind: 'campaign',
      activity_id: activity.activity_id,
      scope: 'parts',
      product_ids: [ids.p1, ids.p2],
      threshold: '0',
      value: '10',
      per_company_uses: 2,
      total_uses: 3,
    });
  });

  it('the profile shows the activity flag and image; the zone lists its parts in order', async () => {
    const profile = body<UserProfile>(await t.injectAs('bMain', { url: '/api/Shop.User/info' })).data;
    expect(profile).toMatchObject({ activity_flag: 1, activity_flag_image: '/media/content/spring.png' });
    const zone = body<{ activity: { name: string }; list: { product_id: number }[] }>(
      await dealer('bMain', 'POST', 'getList', { page: 1, limit: 10 }),
    ).data;
    expect(zone.activity.name).toBe('春季保养节');
    expect(zone.list.map((p) => p.product_id)).toEqual([ids.p2, ids.p1]);
    const slides = body<{ name: string }[]>(await dealer('bMain', 'POST', 'getSlideSecActivity')).data;
    expect(slides.map((s) => s.name)).toContain('春季保养节');
    const parts = body<{ list: { product_id: number }[] }>(
      await dealer('bMain', 'GET', 'getActivityVoucherProduct', {
        voucher_id: campaign.voucher_id,
        page: 1,
        limit: 10,
      }),
    ).data;
    expect(parts.list.map((p) => p.product_id).sort()).toEqual([ids.p1, ids.p2].sort());
  });

  it('a part in a running activity shows the badge with its image on its row and detail, at its own price; stopped, none', async () => {
    type Row = {
      product_id: number;
      activity_flag: number;
      activity_flag_image: string;
      prices: Record<string, string>;
    };
    const zone = body<{ list: Row[] }>(await dealer('aMain', 'POST', 'getList', { page: 1, limit: 10 })).data.list;
    expect(zone.map((r) => [r.product_id, r.activity_flag, r.activity_flag_image])).toEqual([
      [ids.p2, 1, '/media/content/spring.png'],
      [ids.p1, 1, '/media/content/spring.png'],
    ]);
    const detailOf = async (id: number) =>
      body<Row>(await t.injectAs('aMain', { url: `/api/Shop.Accessories/getDetail?id=${id}` })).data;
    expect(await detailOf(ids.p1)).toMatchObject({
      activity_flag: 1,
      activity_flag_image: '/media/content/spring.png',
    });
    expect(await detailOf(ids.p3)).toMatchObject({ activity_flag: 0, activity_flag_image: '' });
    // Not repriced: the row's prices are the part's, and an order takes them.
    expect(Object.values(zone[1]!.prices)).toContain(await price('p1'));
    const placed = await order('aMain', 'p1', 1, '');
    expect(placed.b.status, placed.b.msg).toBe(200);
    expect(placed.b.data.total_amount).toBe(await price('p1'));

    // A second running activity: its own part gets its image; a part of both shows the first one's.
    const second = await newActivity({
      name: '夏季活动',
      image: '/media/content/summer.png',
      starts_on: today,
      ends_on: addDays(today, 3),
      product_ids: [ids.p3, ids.p1],
    });
    expect(await detailOf(ids.p3)).toMatchObject({
      activity_flag: 1,
      activity_flag_image: '/media/content/summer.png',
    });
    expect(await detailOf(ids.p1)).toMatchObject({
      activity_flag: 1,
      activity_flag_image: '/media/content/spring.png',
    });
    expect(body(await admin('POST', `/activities/${second.activity_id}/stop`)).status).toBe(200);
    expect(await detailOf(ids.p3)).toMatchObject({ activity_flag: 0, activity_flag_image: '' });
    // A brand without the coupon module shows no badge.
    expect(activityBadge(getBrandVariant('partsky'), '/media/content/spring.png')).toEqual({
      activity_flag: 0,
      activity_flag_image: '',
    });
  });

  it('claims are bounded per company and in all', async () => {
    const claim = (who: Who) => dealer(who, 'POST', 'sendVoucherNum', { voucher_id: campaign.voucher_id });
    const first = body<ClaimResponse>(await claim('aMain'));
    expect(first).toMatchObject({ status: 200, msg: '领取成功', data: { uses: 1, used: 0 } });
    expect(body<ClaimResponse>(await claim('aSub')).data.uses).toBe(2);
    expect(body(await claim('aMain'))).toMatchObject({ status: 201, msg: '已达到该优惠券的领取上限' });
    expect(body(await claim('bMain')).status).toBe(200);
    expect(body(await claim('cRegional'))).toMatchObject({ status: 201, msg: '优惠券已被领完' });
    const listed = body<ClaimableVoucher[]>(
      await dealer('aMain', 'GET', 'getActivityVoucher', { activity_id: activity.activity_id }),
    ).data.find((v) => v.voucher_id === campaign.voucher_id);
    expect(listed).toMatchObject({ claimed: 2, left: 0, can_claim: 0 });
    // An issued voucher cannot be claimed.
    const issued = await newVoucher();
    expect(body(await dealer('aMain', 'POST', 'sendVoucherNum', { voucher_id: issued.voucher_id }))).toMatchObject({
      status: 201,
      msg: '该优惠券不能领取',
    });
  });

  it('settlement lists the usable vouchers for the chosen lines with their deduction or reason', async () => {
    const acc = t.fixtures.accounts.bMain;
    await t.db.execute(sql`delete from cart_items where company_id = ${acc.companyId}`);
    const line = await addCartLine(t.db, acc, ids.p3, 1, 1);
    const msg = body<OrdersVoucherResponse>(
      await dealer('bMain', 'POST', 'getOrdersVoucherMsg', { pd_cart_ids: String(line) }),
    ).data;
    const mine = msg.list.find((o) => o.voucher_id === campaign.voucher_id);
    expect(mine).toMatchObject({ usable: 0, deduction: '0.00', reason: '订单中没有该优惠券适用的商品' });
    const line2 = await addCartLine(t.db, acc, ids.p2, 1, 1);
    const msg2 = body<OrdersVoucherResponse>(
      await dealer('bMain', 'POST', 'getOrdersVoucherMsg', { pd_cart_ids: `${line},${line2}` }),
    ).data;
    expect(msg2.list.find((o) => o.voucher_id === campaign.voucher_id)).toMatchObject({
      usable: 1,
      deduction: '10.00',
    });
  });
});

describe('the brand switch', () => {
  it('a brand without the coupon module refuses the calls and any voucher on an order', async () => {
    const { t: off, ids: offIds } = await createShop({ env: { BRAND: 'partsky' } });
    try {
      const res = await off.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.ActivityProductV2/getSlideSecActivity',
      });
      expect(body(res)).toMatchObject({ status: 201, msg: MODULE_OFF_TEXT });
      const a = off.fixtures.accounts.aMain;
      const address = await insertAddress(off.db, a.companyId, a.id, { isMain: true });
      const line = await addCartLine(off.db, a, offIds.p1, 1, 1);
      const placed = await off.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.Order/add',
        payload: { pd_cart_ids: String(line), address_id: address, voucher_orders_id: '1' },
      });
      expect(body(placed)).toMatchObject({ status: 201, msg: '优惠券不可用' });
      expect(await stockOf(off.db, offIds.p1, 1)).toBe(50);
    } finally {
      await off.close();
    }
  }, 120_000); // a second shop starts inside the test
});
