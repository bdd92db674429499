import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdjustItem, ClientOrdersList, ProtectedLine } from '@shop/core/api/price-protection';
import { KEEP_RULES, protectionDaysTable } from '@shop/core/price-protection';
import { notesPerTest } from '../../test/notes';
import { LocationProbe, renderRoutes } from '../../test/render-route';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import PriceAdjustmentPage from './price-adjustment-page';
import PriceAdjustmentRecordPage from './price-adjustment-record-page';
import PriceProtectionPage from './price-protection-page';

notesPerTest();
const server = stubServerPerTest(() => userHandlers());

const routes = [
  { path: '/parts/price_adjustment', element: <PriceAdjustmentPage /> },
  { path: '/profile/price_protection', element: <PriceProtectionPage /> },
  { path: '/profile/price_adjustment_record', element: <PriceAdjustmentRecordPage /> },
  { path: '*', element: <LocationProbe /> },
];
const open = (entry: string) => renderRoutes(routes, [entry], { brand: 'frey' });

function change(id: number, over: Partial<AdjustItem> = {}): AdjustItem {
  return {
    adjust_id: id,
    product_id: 100 + id,
    frey_no: `FR-${id}`,
    oe_number: `OE${id}`,
    l_name_zh: `前刹车片${id}`,
    pic: '',
    scm_classification: 'A',
    protection_days: 60,
    old_price: '100.00',
    new_price: '90.00',
    direction: 'down',
    adjust_time: '2026-11-28 10:00:00',
    lines: 0,
    amount: '0.00',
    reversed_amount: '0.00',
    net_amount: '0.00',
    ...over,
  };
}

function line(id: number, over: Partial<ProtectedLine> = {}): ProtectedLine {
  return {
    id,
    adjust_id: 1,
    order_id: 7,
    orders_no: `SO2026112800000${id}`,
    product_id: 101,
    frey_no: 'FR-1',
    l_name_zh: '前刹车片1',
    bought_time: '2026-11-20 09:00:00',
    adjust_time: '2026-11-28 10:00:00',
    quantity: 3,
    unit_paid: '100.00',
    unit_new: '90.00',
    amount: '30.00',
    reversed_quantity: 0,
    reversed_amount: '0.00',
    net_amount: '30.00',
    explanation: '订单 … 每件补偿 ¥10.00',
    ...over,
  };
}

const page = <T,>(list: T[], extra: object = {}) => ({ total: list.length, page: 1, limit: 10, list, ...extra });

describe('/parts/price_adjustment', () => {
  it('lists the changed parts with old and new price and the protection badge, and searches by keyword', async () => {
    server.use({
      'POST /api/Shop.KeepPrice/getAdjustList': (req) =>
        page(
          (req.body as { keyword?: string }).keyword === 'FR-2'
            ? [change(2)]
            : [change(1), change(2, { direction: 'up', old_price: '80.00' })],
        ),
    });
    open('/parts/price_adjustment');
    expect(await screen.findByText('前刹车片1')).toBeTruthy();
    expect(screen.getByText(/¥100.00 → ¥90.00/)).toBeTruthy();
    expect(screen.getAllByText('价保60天')).toHaveLength(2);
    fireEvent.change(screen.getByPlaceholderText('商品名称 / 编码 / OE号'), { target: { value: 'FR-2' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('前刹车片1')).toBeNull());
    const sent = server.callsTo('POST /api/Shop.KeepPrice/getAdjustList').at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ scope: 'all', keyword: 'FR-2', page: 1 });
  });

  it('says so when nothing changed', async () => {
    server.use({ 'POST /api/Shop.KeepPrice/getAdjustList': () => page([]) });
    open('/parts/price_adjustment');
    expect(await screen.findByText('暂无调价商品')).toBeTruthy();
  });

  it('shows the reason of a failed load with a retry button', async () => {
    let calls = 0;
    server.use({
      'POST /api/Shop.KeepPrice/getAdjustList': () =>
        ++calls === 1 ? reply.serverError('服务异常') : page([change(1)]),
    });
    open('/parts/price_adjustment');
    fireEvent.click(await screen.findByRole('button', { name: /重试|重新加载/ }));
    expect(await screen.findByText('前刹车片1')).toBeTruthy();
  });
});

describe('/profile/price_protection', () => {
  it('shows the rules, the totals and the lines, with what a return took back', async () => {
    const data: ClientOrdersList = {
      ...page([line(1), line(2, { reversed_quantity: 1, reversed_amount: '10.00', net_amount: '20.00' })]),
      total_amount: '60.00',
      total_reversed: '10.00',
      total_net: '50.00',
    };
    server.use({
      'POST /api/Shop.KeepPrice/getClientOrdersList': () => data,
      'POST /api/Shop.KeepPrice/getKeepRuleDescription': () => ({
        rules: [...KEEP_RULES],
        days: protectionDaysTable(),
        price_label: '经销价',
      }),
    });
    open('/profile/price_protection?adjust_id=1');
    expect(await screen.findByText('¥50.00')).toBeTruthy();
    expect(within(screen.getByLabelText('补偿合计')).getByText('¥60.00')).toBeTruthy();
    // Under the list, once it has come.
    expect(within(await screen.findByLabelText('价保规则')).getByText(KEEP_RULES[1]!)).toBeTruthy();
    expect(screen.getByText('退货扣回 1 件 −¥10.00，净 ¥20.00')).toBeTruthy();
    const sent = server.callsTo('POST /api/Shop.KeepPrice/getClientOrdersList')[0]!.body as Record<string, unknown>;
    expect(sent.adjust_id).toBe(1);
  });

  it('says so when the company has no compensation', async () => {
    server.use({
      'POST /api/Shop.KeepPrice/getClientOrdersList': () => ({
        ...page([]),
        total_amount: '0.00',
        total_reversed: '0.00',
        total_net: '0.00',
      }),
      'POST /api/Shop.KeepPrice/getKeepRuleDescription': () => ({ rules: [], days: [], price_label: '经销价' }),
    });
    open('/profile/price_protection');
    expect(await screen.findByText('暂无价保补偿')).toBeTruthy();
  });
});

describe('/profile/price_adjustment_record', () => {
  it("lists the company's compensations per price change, each leading to its lines", async () => {
    server.use({
      'POST /api/Shop.KeepPrice/getAdjustList': () =>
        page([change(4, { lines: 2, amount: '30.00', reversed_amount: '5.00', net_amount: '25.00' })]),
    });
    const router = open('/profile/price_adjustment_record');
    expect(await screen.findByText('¥30.00')).toBeTruthy();
    const sent = server.callsTo('POST /api/Shop.KeepPrice/getAdjustList')[0]!.body as Record<string, unknown>;
    expect(sent.scope).toBe('mine');
    fireEvent.click(screen.getByRole('link', { name: '查看明细' }));
    await waitFor(() => expect(router.state.location.search).toBe('?adjust_id=4'));
  });
});
