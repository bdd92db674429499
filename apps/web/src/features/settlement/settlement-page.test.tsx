import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartItem } from '@shop/core/api/cart';
import { notesPerTest } from '../../test/notes';
import { LocationProbe, renderRoutes } from '../../test/render-route';
import {
  makeAddress,
  makeCartLine,
  makeOrderVoucher,
  makePointsCartLine,
  makeProfile,
} from '../../test/server/factories';
import { addressHandlers, cartHandlers, couponHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest, type StubHandler } from '../../test/server/stub-server';
import SettlementPage from './settlement-page';

const line = (id: number, warehouse: 1 | 2): CartItem =>
  makeCartLine(id, { warehouse_type: warehouse, beijing_stock: 5 });

const server = stubServerPerTest();
notesPerTest();

/** The order placed: 下单成功 with the new order's id. */
const placed = (orderId: number, ordersNo: string) =>
  reply.ok({ order_id: orderId, orders_no: ordersNo, total_amount: '40.40', return_data: [], repeated: 0 }, '下单成功');

function renderPage(
  path: string,
  placeOrder: StubHandler = () => reply.refused('未下单'),
  addresses = [makeAddress(7), makeAddress(8, { other_is_main: 1 }), makeAddress(9, { is_main: 1 })],
  coupons = couponHandlers(),
) {
  server.use({
    ...cartHandlers({
      lines: [line(1, 1), { ...line(2, 2), stock: 250 }, line(3, 1)],
      points: [makePointsCartLine(5, { quantity: 2 }), makePointsCartLine(6, { customer_sale_price: '100' })],
    }),
    ...addressHandlers(addresses),
    ...coupons,
    'POST /api/Shop.Order/add': placeOrder,
  });
  renderRoutes(
    [
      { path: '/settlement/submit', element: <SettlementPage /> },
      { path: '/settlement/submit_multiple_warehouses', element: <SettlementPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    [path],
    makeProfile({ is_regional_warehouse: 1 }),
  );
}

/** Where the page went (path and query; the state left out). */
const where = () => screen.getByTestId('where').textContent?.split('|')[0];
const orderBody = () => server.callsTo('POST /api/Shop.Order/add')[0]!.body as Record<string, unknown>;

describe('settlement page', { timeout: 20_000 }, () => {
  it('past the credit limit shows the reason and sends the same lines again for special approval', async () => {
    const over = '超出信用额度：额度 ¥100.00，当前未结金额 ¥90.00，本单 ¥40.40。可提交特批申请，由财务审批后发货';
    renderPage('/settlement/submit?pd_cart_ids=1', ({ body }) =>
      (body as Record<string, unknown>).is_special_approval === 1
        ? placed(51, 'SO202611220000051')
        : reply.refused(over),
    );
    fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(over)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交特批申请' }));
    await waitFor(() => expect(server.callsTo('POST /api/Shop.Order/add')).toHaveLength(2));
    const [first, second] = server.callsTo('POST /api/Shop.Order/add').map((c) => c.body as Record<string, unknown>);
    expect(first!.is_special_approval).toBeUndefined();
    expect(second).toMatchObject({ pd_cart_ids: '1', is_special_approval: 1, idempotency_key: first!.idempotency_key });
    await waitFor(() => expect(where()).toBe('/settlement/submit_success?id=51'));
  });

  it('lists the vouchers for the chosen lines; a chosen one lowers the amount to pay and goes with the order', async () => {
    renderPage(
      '/settlement/submit?pd_cart_ids=1',
      () => placed(31, 'SO202611220000031'),
      undefined,
      couponHandlers({
        options: [
          makeOrderVoucher(1, { title: '无门槛减 5', value: '5.00', threshold: '0.00', deduction: '5.00' }),
          makeOrderVoucher(2, { usable: 0, deduction: '0.00', reason: '适用商品金额未满 300.00 元，不能使用该优惠券' }),
        ],
      }),
    );
    const group = await screen.findByRole('radiogroup', { name: '选择优惠券' });
    expect(server.callsTo('POST /api/Shop.ActivityProductV2/getOrdersVoucherMsg')[0]!.body).toEqual({
      pd_cart_ids: '1',
    });
    expect(within(group).getByText(/适用商品金额未满 300.00 元/)).toBeTruthy();
    expect((group.querySelector('input[value="102"]') as HTMLInputElement).disabled).toBe(true);
    const before = screen.getByText(/应付总额/).textContent!;
    fireEvent.click(group.querySelector('input[value="101"]')!);
    expect(await screen.findByText('-¥5.00')).toBeTruthy();
    const total = Number(before.replace(/[^\d.]/g, ''));
    expect(screen.getByText(/应付总额/).textContent).toBe(`应付总额：¥${(total - 5).toFixed(2)}`);
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(server.callsTo('POST /api/Shop.Order/add')).toHaveLength(1));
    expect(orderBody().voucher_orders_id).toBe('101');
  });

  it('groups the chosen lines by warehouse, defaults both addresses and submits once while in flight', async () => {
    let release!: (answer: unknown) => void;
    renderPage('/settlement/submit_multiple_warehouses?pd_cart_ids=1,2', () => new Promise((r) => (release = r)));
    expect(await screen.findByRole('region', { name: '广州仓' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '北京仓' })).toBeTruthy();
    expect(screen.queryByText('配件3')).toBeNull();
    expect(screen.getByText('¥40.40')).toBeTruthy();
    // Stock capped like a part row's.
    expect(within(screen.getByRole('region', { name: '北京仓' })).getByText('99+')).toBeTruthy();
    const gz = screen.getByRole('radiogroup', { name: '广州仓收货地址' });
    const bj = screen.getByRole('radiogroup', { name: '北京仓收货地址' });
    expect((gz.querySelector('input[value="9"]') as HTMLInputElement).checked).toBe(true);
    expect((bj.querySelector('input[value="8"]') as HTMLInputElement).checked).toBe(true);

    const submit = screen.getByRole('button', { name: '提交订单' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(server.callsTo('POST /api/Shop.Order/add')).toHaveLength(1));
    const sent = orderBody();
    expect(sent).toMatchObject({ pd_cart_ids: '1,2', address_id: 9, other_address_id: 8 });
    expect(String(sent.idempotency_key)).toMatch(/^settle-/);
    expect((sent.cart as unknown[]).length).toBe(2);

    release(placed(42, 'SO202611220000042'));
    await waitFor(() => expect(where()).toBe('/settlement/submit_success?id=42'));
  });

  it('a first order: adds an address in the page, selects it and keeps the lines and the remark', async () => {
    renderPage('/settlement/submit?pd_cart_ids=1,3', () => placed(43, 'SO1'), []);
    expect(await screen.findByText('还没有收货地址，请先新增一个')).toBeTruthy();
    expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('选填，如送货时间等'), { target: { value: '工作日送货' } });

    fireEvent.click(screen.getByRole('button', { name: /新增收货地址/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入收货人'), { target: { value: '王小明' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入手机号码'), { target: { value: '13912345678' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入详细地址'), { target: { value: '天河路 385 号' } });
    fireEvent.mouseDown(dialog.querySelector('.ant-select-selector, .ant-cascader')!);
    for (const name of ['广东省', '广州市', '天河区']) {
      fireEvent.click(await screen.findByTitle(name));
    }
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));

    // Saved, listed and chosen; still the same lines and remark, on the same page.
    const picker = await screen.findByRole('radiogroup', { name: '广州仓收货地址' });
    const added = server.callsTo('POST /api/Shop.Address/addAddress')[0]!.body;
    expect(added).toMatchObject({ contacts: '王小明', province: '广东省', city: '广州市', district: '天河区' });
    await waitFor(() => expect((picker.querySelector('input[value="20"]') as HTMLInputElement).checked).toBe(true));
    expect(within(picker).getByText('王小明 13912345678')).toBeTruthy();
    expect((screen.getByPlaceholderText('选填，如送货时间等') as HTMLTextAreaElement).value).toBe('工作日送货');
    expect(screen.getByText('配件3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(where()).toBe('/settlement/submit_success?id=43'));
    expect(orderBody()).toMatchObject({ pd_cart_ids: '1,3', address_id: 20, remark: '工作日送货' });
  });

  it('edits an address in the page and chooses it for the warehouse it was edited from', async () => {
    renderPage('/settlement/submit_multiple_warehouses?pd_cart_ids=1,2');
    const bj = await screen.findByRole('radiogroup', { name: '北京仓收货地址' });
    expect((bj.querySelector('input[value="8"]') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(bj).getByRole('button', { name: '编辑收货地址 收货人7' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑收货地址')).toBeTruthy();
    const street = within(dialog).getByPlaceholderText('请输入详细地址') as HTMLTextAreaElement;
    await waitFor(() => expect(street.value).toBe('天河路 7 号'));
    fireEvent.change(street, { target: { value: '建国路 88 号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));

    await waitFor(() => expect((bj.querySelector('input[value="7"]') as HTMLInputElement).checked).toBe(true));
    expect(server.callsTo('POST /api/Shop.Address/editAddress')[0]!.body).toMatchObject({
      address_id: 7,
      street: '建国路 88 号',
    });
    expect(within(bj).getAllByText('广东省广州市天河区建国路 88 号')).toHaveLength(1);
    // The Guangzhou choice is untouched.
    const gz = screen.getByRole('radiogroup', { name: '广州仓收货地址' });
    expect((gz.querySelector('input[value="9"]') as HTMLInputElement).checked).toBe(true);
  });

  it('says so when none of the lines is in the cart any more', async () => {
    renderPage('/settlement/submit_multiple_warehouses?pd_cart_ids=99');
    expect(await screen.findByText('没有要结算的商品')).toBeTruthy();
  });

  it('lists the points lines chosen in the cart with their points and sends them as points_cart_id', async () => {
    renderPage('/settlement/submit?pd_cart_ids=1&points_cart_ids=5', () => placed(44, 'SO44'));
    const section = await screen.findByRole('region', { name: '积分商品' });
    expect(within(section).getByText('赠品5')).toBeTruthy();
    expect(within(section).queryByText('赠品6')).toBeNull();
    expect(within(section).getAllByText('60 积分').length).toBeGreaterThan(0);
    expect(screen.getByTestId('settlement-points-total').textContent).toBe('60');
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(where()).toBe('/settlement/submit_success?id=44'));
    expect(orderBody()).toMatchObject({ pd_cart_ids: '1', points_cart_id: '5', address_id: 9 });
  });

  it('orders points lines alone as a gift order and opens it', async () => {
    renderPage('/settlement/submit?pd_cart_ids=&points_cart_ids=5,6', () =>
      reply.ok(
        { order_id: 0, orders_no: 'GF1', total_amount: '0.00', return_data: [], repeated: 0, gift_order_id: 77 },
        '兑换成功，赠品订单已生成',
      ),
    );
    expect(await screen.findByTestId('settlement-points-total')).toBeTruthy();
    expect(screen.getByTestId('settlement-points-total').textContent).toBe('160');
    expect(screen.queryByRole('radiogroup', { name: '选择优惠券' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(where()).toBe('/profile/my_gift_detail?id=77'));
    expect(orderBody()).toMatchObject({ pd_cart_ids: '', points_cart_id: '5,6', address_id: 9, frey_coin: 0 });
  });
});
