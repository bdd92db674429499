import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddOrderResponse } from '@shop/core/api/orders';
import type { AdminStatementPage, StatementDetail, StatementList } from '@shop/core/api/statements';
import { toCents } from '@shop/core/money';
import { chinaDayStart } from '../src/lib/china-time';
import { runTransaction } from '../src/platform/request-context';
import { buildStatements, monthlyStatementsJob, monthRange, previousMonth } from '../src/modules/statements/build';
import { ledgerBalance, postLedgerEntries, type LedgerEntry } from '../src/modules/statements/ledger';
import { createEventDispatcher } from '../src/subscribers';
import { body } from './helpers/api';
import { withDemoStaff, type StaffClient } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import { moveReturn, createReturn, shipAndReceive } from './helpers/order-staff';
import { createShop, type ShopPart } from './orders-shop';
import { addCartLine, createBuyers, type Buyer } from './orders-test-data';

/**
 * The company ledger and monthly statements (docs/statements.md): postings from completed orders
 * and returns, payments, the statement build (once per company and month, China months), confirm
 * and dispute, exports. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let staff: StaffClient;
let ids: Record<ShopPart, number>;
let buyers: Buyer[];
/** A company of its own for each test (createBuyers numbers phones from 1, so all are made at once). */
const nextBuyer = (): Buyer[] => [buyers.shift()!];
const deliver = () => createEventDispatcher(t.db).drain();

beforeAll(async () => {
  const shop = await createShop();
  t = shop.t;
  ids = shop.ids;
  staff = await withDemoStaff(t);
  buyers = await createBuyers(t.db, 9, 'st');
}, 120_000);
afterAll(() => t?.close());

const build = (month: string) => runTransaction(t.db, (tx) => buildStatements(tx, month));
const entry = (companyId: number, amount: string, at: string, key: string): LedgerEntry => ({
  companyId,
  kind: 'adjustment',
  amount,
  occurredAt: new Date(at),
  sourceKey: key,
  description: `测试 ${key}`,
});
async function statementOf(companyId: number, month: string) {
  const { rows } = await t.db.execute(sql`select id, opening::text, total::text, closing::text, line_count,
      (select coalesce(sum(l.amount), 0)::numeric(14, 2)::text from statement_lines sl join company_ledger l on l.id = sl.ledger_id
        where sl.statement_id = s.id) as lines_sum
    from statements s where company_id = ${companyId} and month = ${month}`);
  return rows[0] as
    { id: number; opening: string; total: string; closing: string; line_count: number; lines_sum: string } | undefined;
}

describe('the ledger functions', () => {
  it('posting the same (kind, source key) twice writes one entry; the balance is the sum', async () => {
    const [b] = nextBuyer();
    const e = entry(b!.companyId, '120.50', '2026-01-05T02:00:00Z', 'ledger-1');
    expect(await postLedgerEntries(t.db, [e])).toBe(1);
    expect(await postLedgerEntries(t.db, [e, { ...e, amount: '999.00' }])).toBe(0);
    expect(await postLedgerEntries(t.db, [{ ...e, kind: 'payment', amount: '-20.25' }])).toBe(1);
    expect(await ledgerBalance(t.db, b!.companyId)).toBe('100.25');
    expect(await postLedgerEntries(t.db, [])).toBe(0);
  });

  it('a zero amount is refused by the database', async () => {
    const [b] = nextBuyer();
    await expect(
      postLedgerEntries(t.db, [entry(b!.companyId, '0.00', '2026-01-05T02:00:00Z', 'zero')]),
    ).rejects.toThrow();
  });
});

describe('monthly statements', () => {
  it('month edges in China time: 00:00 on the 1st (China) opens the month, one moment before is the last', () => {
    const { start, end, lastDay } = monthRange('2026-03');
    expect(start.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(lastDay).toBe('2026-03-31');
    expect(monthRange('2026-12').end.toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(previousMonth(new Date('2026-03-31T16:00:00Z'))).toBe('2026-03');
    expect(previousMonth(new Date('2026-03-31T15:59:59Z'))).toBe('2026-02');
    expect(previousMonth(new Date('2026-01-10T00:00:00Z'))).toBe('2025-12');
  });

  it('builds once per company and month; entries after the month end (China) wait for the next; opening = previous closing', async () => {
    const [b] = nextBuyer();
    const c = b!.companyId;
    await postLedgerEntries(t.db, [
      entry(c, '100.10', '2025-03-31T15:59:59Z', 'm3-last'), // 2025-03-31 23:59:59 China: March
      entry(c, '0.20', '2025-02-28T16:00:00Z', 'm3-first'), // 2025-03-01 00:00 China: March
      entry(c, '-30.05', '2025-03-31T16:00:00Z', 'm4-first'), // 2025-04-01 00:00 China: April
    ]);
    const first = await build('2025-03');
    expect(first.statements).toBeGreaterThanOrEqual(1);
    const march = await statementOf(c, '2025-03');
    expect(march).toMatchObject({
      opening: '0.00',
      total: '100.30',
      closing: '100.30',
      line_count: 2,
      lines_sum: '100.30',
    });
    // Built again: nothing new for the company, and a late March entry is not added to the built statement.
    await postLedgerEntries(t.db, [entry(c, '5.00', '2025-03-15T00:00:00Z', 'm3-late')]);
    await build('2025-03');
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n from statements where company_id = ${c} and month = '2025-03'`,
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(1);
    expect(await statementOf(c, '2025-03')).toMatchObject({ total: '100.30', line_count: 2 });
    await build('2025-04');
    const april = await statementOf(c, '2025-04');
    // The late March entry goes on April's statement; opening is March's closing.
    expect(april).toMatchObject({
      opening: '100.30',
      total: '-25.05',
      closing: '75.25',
      line_count: 2,
      lines_sum: '-25.05',
    });
    // A month without entries but with a balance carried over still gets a statement.
    await build('2025-05');
    expect(await statementOf(c, '2025-05')).toMatchObject({
      opening: '75.25',
      total: '0.00',
      closing: '75.25',
      line_count: 0,
    });
  });

  it('the monthly job builds the previous China month once and messages the main accounts (category 5)', async () => {
    const [b] = nextBuyer();
    await postLedgerEntries(t.db, [entry(b!.companyId, '8.80', '2025-07-10T00:00:00Z', 'job-1')]);
    const now = new Date('2025-08-01T00:30:00+08:00');
    const outcome = await monthlyStatementsJob(t.db, now);
    expect(outcome?.month).toBe('2025-07');
    expect(await monthlyStatementsJob(t.db, now)).toBeNull();
    expect(await statementOf(b!.companyId, '2025-07')).toMatchObject({ total: '8.80' });
    await deliver();
    await deliver();
    const { rows } = await t.db
      .execute(sql`select tip_name, link, category_id from messages where company_id = ${b!.companyId}
      and category_id = 5`);
    expect(rows).toEqual([{ tip_name: '2025年7月对账单', link: '/profile/bill?month=2025-07', category_id: 5 }]);
  });

  it('totals equal their lines to the cent over many entries', async () => {
    const [b] = nextBuyer();
    const entries = Array.from({ length: 300 }, (_, i) =>
      entry(
        b!.companyId,
        `${(i % 7) - 3}.${String((i * 37) % 100).padStart(2, '0')}`,
        '2025-06-10T00:00:00Z',
        `c-${i}`,
      ),
    ).filter((e) => toCents(e.amount) !== 0n);
    await postLedgerEntries(t.db, entries);
    await build('2025-06');
    const s = await statementOf(b!.companyId, '2025-06');
    const expected = entries.reduce((sum, e) => sum + toCents(e.amount)!, 0n);
    expect(toCents(s!.total)).toBe(expected);
    expect(s!.lines_sum).toBe(s!.total);
    expect(s!.line_count).toBe(entries.length);
  });
});

describe('postings from orders, returns and payments', () => {
  let buyer: Buyer;

  it('a completed order posts its goods, its voucher credit; a completed return its credit; each once', async () => {
    buyer = nextBuyer()[0]!;
    const line = await addCartLine(t.db, buyer!, ids.p1, 1, 3);
    const placed = body<AddOrderResponse>(
      await t.app.inject({
        method: 'POST',
        url: '/api/Shop.Order/add',
        headers: { authorization: buyer!.token },
        payload: { pd_cart_ids: String(line), address_id: buyer!.addressId },
      }),
    );
    expect(placed.status).toBe(200);
    await t.db.execute(sql`update orders set voucher_amount = 10 where id = ${placed.data.order_id}`);
    await shipAndReceive(t.db, placed.data.orders_no, 'SF1234567890');
    await deliver();
    await deliver();
    const rows = async () =>
      (
        await t.db.execute(sql`select kind, amount::text as amount, source_key from company_ledger
          where company_id = ${buyer.companyId} order by kind`)
      ).rows;
    const price = Number(
      (await t.db.execute(sql`select price::text as p from order_items where order_id = ${placed.data.order_id}`))
        .rows[0]!.p,
    );
    expect(await rows()).toEqual([
      { kind: 'delivery', amount: (price * 3).toFixed(2), source_key: `order:${placed.data.order_id}` },
      { kind: 'voucher', amount: '-10.00', source_key: `order:${placed.data.order_id}` },
    ]);
    const { returnNo } = await createReturn(t.db, {
      ordersNo: placed.data.orders_no,
      items: [{ productId: ids.p1, quantity: 1 }],
      reason: '质量问题',
    });
    await moveReturn(t.db, returnNo, 'accept');
    await moveReturn(t.db, returnNo, 'complete');
    await deliver();
    // Redelivered events change nothing (the unique source keys).
    await t.db.execute(sql`update domain_events set dispatched_at = null where company_id = ${buyer.companyId}`);
    await deliver();
    const after = await rows();
    expect(after).toHaveLength(3);
    expect(after.find((r) => r.kind === 'return')).toMatchObject({ amount: `-${price.toFixed(2)}` });
  });

  it('finance records a payment: one ledger credit dated on the day paid (China), audited; a double submit is one', async () => {
    const [b] = nextBuyer();
    const payload = {
      company_id: b!.companyId,
      amount: '1234.56',
      paid_on: '2025-09-30',
      method: '银行转账',
      reference: 'HX20250930',
      request_key: 'pay-key-0001',
    };
    // The double submit arrives at once (a double click): the second waits on the first's key and answers it.
    const pay = () => staff.asStaff('finance', { method: 'POST', url: '/api/admin/finance/payments', payload });
    const [first, again] = await Promise.all([pay(), pay()]);
    expect(body(first)).toMatchObject({ status: 200, msg: '回款已登记' });
    expect(body(again)).toMatchObject({ status: 200, msg: '回款已登记' });
    expect(body<{ id: number }>(again).data.id).toBe(body<{ id: number }>(first).data.id);
    const { rows } = await t.db.execute(sql`select kind, amount::text as amount, occurred_at from company_ledger
      where company_id = ${b!.companyId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'payment', amount: '-1234.56' });
    expect(new Date(String((rows[0] as { occurred_at: unknown }).occurred_at)).getTime()).toBe(
      chinaDayStart('2025-09-30').getTime(),
    );
    // Catalog staff may not; a bad amount is refused clearly.
    const denied = await staff.asStaff('catalog', { method: 'POST', url: '/api/admin/finance/payments', payload });
    expect(denied.statusCode).toBe(403);
    const bad = await staff.asStaff('finance', {
      method: 'POST',
      url: '/api/admin/finance/payments',
      payload: { ...payload, amount: '-5', request_key: 'pay-key-0002' },
    });
    expect(body(bad).msg).toContain('回款金额必须大于 0');
    // A day the calendar has not: refused in Chinese, not left for the database to fail on (a 500).
    const noDay = await staff.asStaff('finance', {
      method: 'POST',
      url: '/api/admin/finance/payments',
      payload: { ...payload, paid_on: '2025-02-30', request_key: 'pay-key-0003' },
    });
    expect([noDay.statusCode, body(noDay).msg]).toEqual([400, expect.stringContaining('日期格式不正确')]);
    const audit = await t.db.execute(
      sql`select action from audit_log where entity_type = 'company' and entity_id = ${String(b!.companyId)}`,
    );
    expect(audit.rows).toEqual([{ action: 'finance.payment.record' }]);
    // A mistaken payment is reversed by an adjustment with a reason.
    const adj = await staff.asStaff('finance', {
      method: 'POST',
      url: '/api/admin/finance/adjustments',
      payload: {
        company_id: b!.companyId,
        amount: '1234.56',
        reason: '回款登记错误，冲回',
        request_key: 'adj-key-0001',
      },
    });
    expect(body(adj)).toMatchObject({ status: 200 });
    expect(await ledgerBalance(t.db, b!.companyId)).toBe('0.00');
  });
});

describe('the dealer’s statements', () => {
  let statementId: number;
  let other: number;

  beforeAll(async () => {
    const a = t.fixtures.accounts.aMain;
    const b = t.fixtures.accounts.bMain;
    await postLedgerEntries(t.db, [
      {
        ...entry(a.companyId, '500.00', '2025-10-05T02:00:00Z', 'a-oct'),
        kind: 'delivery',
        description: '订单 SO1 发货签收',
      },
      {
        ...entry(a.companyId, '-200.00', '2025-10-20T02:00:00Z', 'a-oct-pay'),
        kind: 'payment',
        description: '回款（银行转账）',
      },
      entry(b.companyId, '77.00', '2025-10-05T02:00:00Z', 'b-oct'),
    ]);
    await build('2025-10');
    statementId = Number((await statementOf(a.companyId, '2025-10'))!.id);
    other = Number((await statementOf(b.companyId, '2025-10'))!.id);
  });

  it('lists the company’s statements with its credit; another company’s statement is not found', async () => {
    const list = body<StatementList>(
      await t.injectAs('aSub', { url: '/api/Shop.CustomerStatement/list?month=2025-10' }),
    );
    expect(list.status).toBe(200);
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      month_label: '2025年10月',
      total: '300.00',
      status_cn: '待确认',
      can_confirm: 0,
    });
    const detail = body<StatementDetail>(
      await t.injectAs('aMain', { url: `/api/Shop.CustomerStatement/detail?id=${statementId}` }),
    );
    expect(detail.data.lines.map((l) => l.amount)).toEqual(['500.00', '-200.00']);
    expect(detail.data.can_confirm).toBe(1);
    const foreign = body(await t.injectAs('aMain', { url: `/api/Shop.CustomerStatement/detail?id=${other}` }));
    expect(foreign).toMatchObject({ status: 201, msg: '对账单不存在' });
    const confirmForeign = body(
      await t.injectAs('aMain', {
        method: 'POST',
        url: '/api/Shop.CustomerStatement/confirmReconciliation',
        payload: { id: other },
      }),
    );
    expect(confirmForeign).toMatchObject({ status: 201, msg: '对账单不存在' });
    const bad = body(await t.injectAs('aMain', { url: '/api/Shop.CustomerStatement/detail?id=abc' }));
    expect(bad.msg).toContain('对账单不存在');
  });

  it('a sub-account cannot confirm; a dispute reaches finance, the reply reopens it; the main account confirms once', async () => {
    const confirm = (who: 'aMain' | 'aSub') =>
      t.injectAs(who, {
        method: 'POST',
        url: '/api/Shop.CustomerStatement/confirmReconciliation',
        payload: { id: statementId },
      });
    expect(body(await confirm('aSub'))).toMatchObject({ status: 201, msg: '仅主账号可以确认或提出异议' });
    const disputed = await t.injectAs('aMain', {
      method: 'POST',
      url: '/api/Shop.CustomerStatement/dispute',
      payload: { id: statementId, note: '10月20日回款应为 300 元' },
    });
    expect(body(disputed)).toMatchObject({ status: 200 });
    expect(body(await confirm('aMain'))).toMatchObject({
      status: 201,
      msg: '该对账单已有待回复的异议，请等待财务回复',
    });
    const queue = body<AdminStatementPage>(
      await staff.asStaff('finance', { url: '/api/admin/finance/statements?status=disputed&month=2025-10' }),
    );
    expect(queue.data.list.map((s) => s.id)).toContain(statementId);
    const detail = body<{ disputes: { id: number; note: string }[] }>(
      await staff.asStaff('finance', { url: `/api/admin/finance/statements/${statementId}` }),
    );
    const dispute = detail.data.disputes[0]!;
    expect(dispute.note).toBe('10月20日回款应为 300 元');
    const reply = await staff.asStaff('finance', {
      method: 'POST',
      url: `/api/admin/finance/disputes/${dispute.id}/reply`,
      payload: { reply: '已核实，另 100 元回款在 11 月入账' },
    });
    expect(body(reply)).toMatchObject({ status: 200 });
    await deliver();
    const msg = await t.db.execute(sql`select tip_word from messages where account_id = ${t.fixtures.accounts.aMain.id}
      and category_id = 5 and tip_name like '%异议已回复'`);
    expect(msg.rows).toEqual([{ tip_word: '财务回复：已核实，另 100 元回款在 11 月入账' }]);
    expect(body(await confirm('aMain'))).toMatchObject({ status: 200, msg: '对账单已确认' });
    expect(body(await confirm('aMain'))).toMatchObject({ status: 201, msg: '该对账单已确认，无需重复确认' });
  });

  it('exports the statement as .xlsx and as a PDF whose text is Chinese and whose totals match', async () => {
    const xlsx = await t.injectAs('aMain', { url: `/api/Shop.CustomerStatement/export?id=${statementId}&format=xlsx` });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[0]!.getColumn(4).values.slice(2) as number[];
    expect(values).toEqual([0, 500, -200, 300, 300]);
    const pdf = await t.injectAs('aMain', { url: `/api/Shop.CustomerStatement/export?id=${statementId}&format=pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocument({ data: new Uint8Array(pdf.rawPayload), useSystemFonts: false }).promise;
    let text = '';
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      text += content.items.map((i) => ('str' in i ? i.str : '')).join('');
    }
    expect(text).toContain('2025年10月对账单');
    expect(text).toContain(t.fixtures.companies.a.name);
    expect(text).toContain('订单 SO1 发货签收');
    expect(text).toContain('期末余额');
    expect(text).toContain('300.00');
    expect(text).toContain('已确认');
    // The embedded font is a subset: the file stays small.
    expect(pdf.rawPayload.length).toBeLessThan(200_000);
    const foreign = await t.injectAs('aMain', { url: `/api/Shop.CustomerStatement/export?id=${other}&format=pdf` });
    expect(body(foreign)).toMatchObject({ status: 201, msg: '对账单不存在' });
  });
});

/**
 * The main account's confirm and dispute racing (two tabs, a double click): the statement's row
 * lock puts them in a line, so a statement is never confirmed with an open dispute, nor confirmed
 * twice. Meaningful on PostgreSQL (TEST_DATABASE_URL).
 */
describe('confirm and dispute at once', () => {
  it('one wins, the other is refused in Chinese; the state agrees with the disputes', async () => {
    const [b] = nextBuyer();
    const send = (path: 'confirmReconciliation' | 'dispute', id: number) =>
      t.app
        .inject({
          method: 'POST',
          url: `/api/Shop.CustomerStatement/${path}`,
          headers: { authorization: b!.token },
          payload: path === 'dispute' ? { id, note: '金额有误' } : { id },
        })
        .then((r) => body(r));
    for (let m = 1; m <= 6; m++) {
      const month = `2024-${String(m).padStart(2, '0')}`;
      await postLedgerEntries(t.db, [entry(b!.companyId, '10.00', `${month}-10T02:00:00Z`, `race-${month}`)]);
      await build(month);
      const id = Number((await statementOf(b!.companyId, month))!.id);
      // Odd months: confirm against dispute; even months: confirm twice.
      const answers = await Promise.all(
        m % 2 === 1
          ? [send('confirmReconciliation', id), send('dispute', id)]
          : [send('confirmReconciliation', id), send('confirmReconciliation', id)],
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const loser = answers.find((a) => a.status !== 200)!;
      expect(loser.status).toBe(201);
      const [s] = (
        await t.db
          .execute(sql`select status, (select count(*)::int from statement_disputes d where d.statement_id = s.id) as disputes
          from statements s where id = ${id}`)
      ).rows as { status: string; disputes: number }[];
      if (s!.status === 'confirmed') {
        expect(s!.disputes).toBe(0);
        expect(loser.msg).toBe(m % 2 === 1 ? '对账单已确认，不能再提出异议' : '该对账单已确认，无需重复确认');
      } else {
        expect(s).toEqual({ status: 'disputed', disputes: 1 });
        expect(loser.msg).toBe('该对账单已有待回复的异议，请等待财务回复');
      }
    }
  });
});

/**
 * Two months built at once (two finance staff, or staff and the monthly job): an entry is on one
 * statement only and neither build fails. Meaningful on PostgreSQL (TEST_DATABASE_URL).
 */
describe('two months built at once', () => {
  it('each entry lands on one statement; both builds answer', async () => {
    const [b] = nextBuyer();
    for (let round = 0; round < 4; round++) {
      const [earlier, later] = [`2023-0${2 * round + 1}`, `2023-0${2 * round + 2}`];
      await postLedgerEntries(t.db, [
        entry(b!.companyId, '10.00', `${earlier}-10T02:00:00Z`, `both-${earlier}`),
        entry(b!.companyId, '20.00', `${later}-10T02:00:00Z`, `both-${later}`),
      ]);
      const outcomes = await Promise.allSettled([build(later), build(earlier)]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
      const { rows } = await t.db.execute(sql`select l.source_key, count(sl.statement_id)::int as statements
        from company_ledger l left join statement_lines sl on sl.ledger_id = l.id
        where l.company_id = ${b!.companyId} and l.source_key in (${`both-${earlier}`}, ${`both-${later}`})
        group by l.source_key order by l.source_key`);
      expect(rows).toEqual([
        { source_key: `both-${earlier}`, statements: 1 },
        { source_key: `both-${later}`, statements: 1 },
      ]);
    }
  });
});
