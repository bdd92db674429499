import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StatementDetail, StatementList, StatementSummary } from '@shop/core/api/statements';
import { notesPerTest } from '../../test/notes';
import { renderRoutes } from '../../test/render-route';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import BillPage from './bill-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers());
const open = (entry = '/profile/bill') => renderRoutes([{ path: '/profile/bill', element: <BillPage /> }], [entry]);

function summary(id: number, month: string, over: Partial<StatementSummary> = {}): StatementSummary {
  return {
    id,
    month,
    month_label: `${month.slice(0, 4)}年${Number(month.slice(5))}月`,
    opening: '100.00',
    total: '-30.50',
    closing: '69.50',
    line_count: 2,
    status: 'pending',
    status_cn: '待确认',
    due_on: '2026-11-30',
    created_at: '2026-11-01 00:05:00',
    confirmed_at: '',
    can_confirm: 1,
    ...over,
  };
}
const listOf = (list: StatementSummary[]): StatementList => ({
  total: list.length,
  page: 1,
  limit: 12,
  list,
  credit_limit: '50000.00',
  payment_days: 30,
  open_balance: '1234.00',
});
const detailOf = (s: StatementSummary): StatementDetail => ({
  ...s,
  company_name: '广州骏达汽配贸易有限公司',
  lines: [
    {
      id: 1,
      occurred_at: '2026-10-05 10:00:00',
      kind: 'delivery',
      kind_cn: '发货',
      description: '订单 SO1 发货签收',
      amount: '169.50',
    },
    {
      id: 2,
      occurred_at: '2026-10-20 10:00:00',
      kind: 'payment',
      kind_cn: '回款',
      description: '回款（银行转账）',
      amount: '-200.00',
    },
  ],
  disputes: [],
});

/** October's pending statement (id 7) open, whose dispute the server takes. */
async function openOctober() {
  const oct = summary(7, '2026-10');
  server.use({
    'GET /api/Shop.CustomerStatement/list': () => reply.ok(listOf([oct])),
    'GET /api/Shop.CustomerStatement/detail': () => reply.ok(detailOf(oct)),
    'POST /api/Shop.CustomerStatement/dispute': () => reply.ok(null, '异议已提交，财务人员会尽快回复'),
  });
  open('/profile/bill?month=2026-10');
  return screen.findByRole('region', { name: '2026年10月对账单' });
}

describe('/profile/bill', () => {
  it('shows the credit, the months and the chosen statement; the main account confirms it', async () => {
    const oct = summary(7, '2026-10');
    const sep = summary(6, '2026-09', { status: 'confirmed', status_cn: '已确认', can_confirm: 0 });
    let confirmed = false;
    server.use({
      'GET /api/Shop.CustomerStatement/list': () =>
        reply.ok(listOf([confirmed ? { ...oct, status: 'confirmed', status_cn: '已确认', can_confirm: 0 } : oct, sep])),
      'GET /api/Shop.CustomerStatement/detail': ({ query }) => {
        const s = Number(query.id) === 7 ? oct : sep;
        return reply.ok(
          detailOf(confirmed && s === oct ? { ...oct, status: 'confirmed', status_cn: '已确认', can_confirm: 0 } : s),
        );
      },
      'POST /api/Shop.CustomerStatement/confirmReconciliation': () => {
        confirmed = true;
        return reply.ok(null, '对账单已确认');
      },
    });
    open();
    expect(await screen.findByText('信用额度 ¥50,000.00 · 账期 30 天 · 当前未结 ¥1,234.00')).toBeTruthy();
    const view = await screen.findByRole('region', { name: '2026年10月对账单' });
    expect(await within(view).findByText('订单 SO1 发货签收')).toBeTruthy();
    expect(within(view).getAllByText('-¥30.50').length).toBeGreaterThan(0);
    expect(within(view).getByText('本期合计（2 笔）')).toBeTruthy();
    fireEvent.click(within(view).getByRole('button', { name: '确认对账单' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认无误' }));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('对账单已确认'));
    expect(server.callsTo('POST /api/Shop.CustomerStatement/confirmReconciliation')[0]!.body).toEqual({ id: 7 });
    await waitFor(() => expect(within(view).queryByRole('button', { name: '确认对账单' })).toBeNull());
    // The other month, confirmed: no confirm button.
    fireEvent.click(screen.getByRole('button', { name: /2026年9月/ }));
    const september = await screen.findByRole('region', { name: '2026年9月对账单' });
    expect(within(september).queryByRole('button', { name: '确认对账单' })).toBeNull();
  }, 20_000);

  it('an empty list says when statements come', async () => {
    server.use({
      'GET /api/Shop.CustomerStatement/list': () => reply.ok(listOf([])),
    });
    open();
    expect(await screen.findByText('暂无对账单，每月初生成上月对账单')).toBeTruthy();
  });

  it('a failed load shows the reason with a retry', async () => {
    server.use({ 'GET /api/Shop.CustomerStatement/list': () => reply.serverError('服务异常') });
    open();
    expect(await screen.findByRole('button', { name: /重\s*试|重新加载/ })).toBeTruthy();
  });

  it('a dispute needs a note and is sent with it', async () => {
    const view = await openOctober();
    fireEvent.click(await within(view).findByRole('button', { name: '提出异议' }));
    fireEvent.click(await screen.findByRole('button', { name: '提交异议' }));
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('请填写异议说明'));
    fireEvent.change(screen.getByLabelText('异议说明'), { target: { value: '回款金额不对' } });
    fireEvent.click(screen.getByRole('button', { name: '提交异议' }));
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('异议已提交，财务人员会尽快回复'));
    expect(server.callsTo('POST /api/Shop.CustomerStatement/dispute')[0]!.body).toEqual({
      id: 7,
      note: '回款金额不对',
    });
  }, 20_000);

  it('a double click on 提交异议 sends one dispute', async () => {
    const view = await openOctober();
    fireEvent.click(await within(view).findByRole('button', { name: '提出异议' }));
    fireEvent.change(await screen.findByLabelText('异议说明'), { target: { value: '回款金额不对' } });
    const submit = screen.getByRole('button', { name: '提交异议' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('异议已提交，财务人员会尽快回复'));
    expect(server.callsTo('POST /api/Shop.CustomerStatement/dispute')).toHaveLength(1);
    expect(notes.success).toHaveBeenCalledTimes(1);
  }, 20_000);

  describe('the month and the page of the address', () => {
    const recent = [summary(9, '2026-10'), summary(8, '2026-09')];
    const old = summary(2, '2025-03', { status: 'confirmed', status_cn: '已确认', can_confirm: 0 });
    const months = () =>
      server.use({
        'GET /api/Shop.CustomerStatement/list': ({ query }) => {
          if (query.month === '2025-03') return reply.ok({ ...listOf([old]), limit: 1 });
          if (query.month) return reply.ok({ ...listOf([]), limit: 1 });
          return reply.ok({ ...listOf(recent), total: 14, page: Number(query.page) });
        },
        'GET /api/Shop.CustomerStatement/detail': ({ query }) =>
          reply.ok(detailOf(Number(query.id) === 2 ? old : recent.find((r) => r.id === Number(query.id))!)),
      });

    it('a month not on the page of months is looked up', async () => {
      months();
      open('/profile/bill?month=2025-03');
      expect(await screen.findByRole('region', { name: '2025年3月对账单' })).toBeTruthy();
    });

    it('a month without a statement is said so, not replaced by the newest; the page is read', async () => {
      months();
      open('/profile/bill?month=2024-01&page=2');
      expect(await screen.findByText('没有2024年1月的对账单')).toBeTruthy();
      expect(screen.queryByRole('region', { name: /年\d+月对账单$/ })).toBeNull();
      expect(server.callsTo('GET /api/Shop.CustomerStatement/list')[0]!.query.page).toBe('2');
    });

    it('choosing a month keeps the page of months', async () => {
      months();
      const router = open('/profile/bill?page=2');
      fireEvent.click(await screen.findByRole('button', { name: /2026年9月/ }));
      await waitFor(() => expect(router.state.location.search).toBe('?page=2&month=2026-09'));
      expect(await screen.findByRole('region', { name: '2026年9月对账单' })).toBeTruthy();
    });

    it('a malformed month reads as none: the newest statement', async () => {
      months();
      open('/profile/bill?month=2026-13');
      expect(await screen.findByRole('region', { name: '2026年10月对账单' })).toBeTruthy();
    });
  });

  it('a double click on 确认对账单 asks once', async () => {
    const view = await openOctober();
    const button = await within(view).findByRole('button', { name: '确认对账单' });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findAllByText('确认 2026年10月对账单？');
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
  }, 20_000);
});
