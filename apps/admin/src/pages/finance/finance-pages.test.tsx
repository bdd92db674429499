import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminStatementDetail, ApprovalRow, CreditRow } from '@shop/core/api/statements';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, renderApp, searchBy, where } from '../../test/render-app';

const server = stubServerPerTest();
const me = () => ({
  id: 4,
  name: '财务专员',
  login: 'finance',
  roles: ['finance'],
  permissions: ['orders.read', 'finance.manage', 'audit.read'],
});

const credit = (over: Partial<CreditRow> = {}): CreditRow => ({
  company_id: 12,
  company_name: '广州骏达汽配贸易有限公司',
  credit_limit: '50000.00',
  payment_days: 30,
  balance: '1200.00',
  open_orders: '800.00',
  open_balance: '2000.00',
  available: '48000.00',
  ...over,
});

describe('finance screens', () => {
  it('信用额度: shows limits and open balances, and saves a new limit for the company', async () => {
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/finance/credit': () =>
        firstPage([
          credit(),
          credit({ company_id: 13, company_name: '上海宏远汽车服务有限公司', credit_limit: '', available: '' }),
        ]),
      'POST /api/admin/finance/credit/12': () => reply.ok(null, '信用额度已保存'),
    });
    renderApp('/finance/credit');
    const row = (await screen.findByText('广州骏达汽配贸易有限公司')).closest('tr')!;
    expect(within(row).getByText('¥48,000.00')).toBeTruthy();
    const other = screen.getByText('上海宏远汽车服务有限公司').closest('tr')!;
    expect(within(other).getByText('不限')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '设置额度' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('信用额度（元，留空为不限）'), { target: { value: '80000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/finance/credit/12')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/finance/credit/12')[0]!.body).toEqual({
      credit_limit: '80000',
      payment_days: 30,
    });
  });

  it('特批订单: approves a pending order with a note', async () => {
    const row: ApprovalRow = {
      order_id: 91,
      orders_no: 'SO202611280000091',
      company_id: 12,
      company_name: '广州骏达汽配贸易有限公司',
      amount: '3000.00',
      open_balance: '48000.00',
      credit_limit: '50000.00',
      status: 'pending',
      note: '',
      created_at: '2026-11-28 10:00:00',
      decided_at: '',
    };
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/finance/approvals': () => firstPage([row]),
      'POST /api/admin/finance/approvals/91/approve': () => reply.ok(null, '已同意特批'),
    });
    renderApp('/finance/approvals');
    const tr = (await screen.findByText('SO202611280000091')).closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: '同意' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('说明（可选）'), { target: { value: '老客户' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /同\s*意/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/finance/approvals/91/approve')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/finance/approvals/91/approve')[0]!.body).toEqual({ note: '老客户' });
    expect(server.callsTo('GET /api/admin/finance/approvals')[0]!.query).toMatchObject({ status: 'pending' });
  });

  it('对账单: a month the calendar has not is neither sent nor shown, and typed it is refused in Chinese', async () => {
    server.use({ 'GET /api/admin/auth/me': me, 'GET /api/admin/finance/statements': () => firstPage([]) });
    const { router } = renderApp('/finance/statements?month=2026-13&status=bogus');
    await screen.findByText('暂无对账单');
    expect(server.callsTo('GET /api/admin/finance/statements')[0]?.query).toEqual({ page: '1', limit: '20' });
    expect(screen.getByPlaceholderText<HTMLInputElement>('2026-03').value).toBe('');
    expect(screen.queryByText('bogus')).toBeNull();
    searchBy('2026-03', '2026-3');
    expect(await screen.findByText('月份格式应为 YYYY-MM，如 2026-03')).toBeTruthy();
    expect(where(router)).toBe('/finance/statements?month=2026-13&status=bogus');
    searchBy('2026-03', '2026-10');
    await waitFor(() => expect(where(router)).toBe('/finance/statements?month=2026-10'));
  });

  it('对账单: opens a disputed statement and replies to its dispute', async () => {
    const detail: AdminStatementDetail = {
      id: 5,
      month: '2026-10',
      month_label: '2026年10月',
      opening: '0.00',
      total: '300.00',
      closing: '300.00',
      line_count: 1,
      status: 'disputed',
      status_cn: '有异议',
      due_on: '2026-11-30',
      created_at: '2026-11-01 00:05:00',
      confirmed_at: '',
      company_id: 12,
      company_name: '广州骏达汽配贸易有限公司',
      open_disputes: 1,
      lines: [
        {
          id: 1,
          occurred_at: '2026-10-05 10:00:00',
          kind: 'delivery',
          kind_cn: '发货',
          description: '订单 SO1 发货签收',
          amount: '300.00',
        },
      ],
      disputes: [{ id: 8, note: '金额不对', created_at: '2026-11-02 09:00:00', reply: '', replied_at: '' }],
    };
    const { lines: _l, disputes: _d, ...summary } = detail;
    server.use({
      'GET /api/admin/auth/me': me,
      'GET /api/admin/finance/statements': () => firstPage([summary]),
      'GET /api/admin/finance/statements/5': () => detail,
      'POST /api/admin/finance/disputes/8/reply': () => reply.ok(null, '已回复'),
    });
    renderApp('/finance/statements');
    const tr = (await screen.findByText('2026年10月')).closest('tr')!;
    expect(within(tr).getByText('有异议')).toBeTruthy();
    fireEvent.click(within(tr).getByRole('button', { name: '查看并回复' }));
    expect(await screen.findByText('订单 SO1 发货签收')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '回复' }));
    const dialog = (await screen.findByRole('form', { name: '回复异议' })).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.change(within(dialog).getByLabelText('回复'), { target: { value: '已核实' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /回\s*复/ }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/finance/disputes/8/reply')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/finance/disputes/8/reply')[0]!.body).toEqual({ reply: '已核实' });
  });
});
