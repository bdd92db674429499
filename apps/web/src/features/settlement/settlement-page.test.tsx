import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AddressItem } from '@shop/core/api/address';
import type { CartItem } from '@shop/core/api/cart';
import { notify } from '../../lib/notify';
import { testProfile } from '../../test/fixtures';
import SettlementPage from './settlement-page';
import { testQueryClient } from '../../test/render-route';

const line = (id: number, warehouse: 1 | 2): CartItem => ({
  pd_cart_id: id,
  product_id: 100 + id,
  frey_no: `FR-${id}`,
  number: `OE-${id}`,
  l_name_zh: `配件${id}`,
  l_model_zh: '宝马 5系',
  pic: '',
  price: '10.10',
  quantity: 2,
  tootal_price: '20.20',
  warehouse_type: warehouse,
  stock: 5,
  beijing_stock: 5,
  is_delisting: 0,
  is_orderable: 1,
  is_coming_soon: 0,
  user_name: 'demo',
  created_at: '2026-11-22T00:00:00.000Z',
});

const address = (id: number, flags: Partial<AddressItem>): AddressItem => ({
  address_id: id,
  contacts: `收货人${id}`,
  province: '广东省',
  city: '广州市',
  district: '天河区',
  area_code: '440106',
  mobile: '13912345678',
  street: `天河路 ${id} 号`,
  is_main: 0,
  other_is_main: 0,
  logistics_information: '',
  ...flags,
});

function mockApi(
  orderAnswer: () => Promise<Response>,
  addresses = [address(7, {}), address(8, { other_is_main: 1 }), address(9, { is_main: 1 })],
) {
  // No real toasts: their timers would outlive the test environment.
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  const calls: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body });
    const reply = (data: unknown) => new Response(JSON.stringify({ status: 200, msg: 'ok', data }), { status: 200 });
    if (path === '/api/Shop.User/info') return reply(testProfile({ is_regional_warehouse: 1 }));
    if (path === '/api/Shop.Cart/getList')
      return reply({
        cart_list: [line(1, 1), { ...line(2, 2), stock: 250 }, line(3, 1)],
        points_cart_list: [],
        is_settlement: 1,
      });
    if (path === '/api/Shop.Address/getAddress') return reply({ list: addresses });
    // The address book as the server keeps it: a save answers the id and shows in the next getAddress.
    if (path === '/api/Shop.Address/addAddress') {
      const id = 20 + addresses.length;
      addresses.push(address(id, body as Partial<AddressItem>));
      return reply({ address_id: id });
    }
    if (path === '/api/Shop.Address/editAddress') {
      const edited = body as AddressItem;
      const i = addresses.findIndex((a) => a.address_id === edited.address_id);
      addresses[i] = { ...addresses[i]!, ...edited };
      return reply({ address_id: edited.address_id });
    }
    if (path === '/api/Shop.Order/add') return orderAnswer();
    return new Response(JSON.stringify({ status: 500, msg: '未知接口', data: null }), { status: 200 });
  });
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(path: string) {
  const client = testQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/settlement/submit" element={<SettlementPage />} />
          <Route path="/settlement/submit_multiple_warehouses" element={<SettlementPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settlement page', { timeout: 20_000 }, () => {
  it('groups the chosen lines by warehouse, defaults both addresses and submits once while in flight', async () => {
    let release!: (r: Response) => void;
    const calls = mockApi(() => new Promise<Response>((r) => (release = r)));
    renderPage('/settlement/submit_multiple_warehouses?pd_cart_ids=1,2');
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
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/Shop.Order/add')).toHaveLength(1));
    const sent = calls.find((c) => c.path === '/api/Shop.Order/add')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ pd_cart_ids: '1,2', address_id: 9, other_address_id: 8 });
    expect(String(sent.idempotency_key)).toMatch(/^settle-/);
    expect((sent.cart as unknown[]).length).toBe(2);

    release(
      new Response(
        JSON.stringify({
          status: 200,
          msg: '下单成功',
          data: { order_id: 42, orders_no: 'SO202611220000042', total_amount: '40.40', return_data: [], repeated: 0 },
        }),
        { status: 200 },
      ),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settlement/submit_success?id=42'));
  });

  it('a first order: adds an address in the page, selects it and keeps the lines and the remark', async () => {
    const calls = mockApi(
      async () =>
        new Response(
          JSON.stringify({
            status: 200,
            msg: '下单成功',
            data: { order_id: 43, orders_no: 'SO1', total_amount: '40.40', return_data: [], repeated: 0 },
          }),
          { status: 200 },
        ),
      [],
    );
    renderPage('/settlement/submit?pd_cart_ids=1,3');
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
    const added = calls.find((c) => c.path === '/api/Shop.Address/addAddress')!.body as Record<string, unknown>;
    expect(added).toMatchObject({ contacts: '王小明', province: '广东省', city: '广州市', district: '天河区' });
    await waitFor(() => expect((picker.querySelector('input[value="20"]') as HTMLInputElement).checked).toBe(true));
    expect(within(picker).getByText('王小明 13912345678')).toBeTruthy();
    expect((screen.getByPlaceholderText('选填，如送货时间等') as HTMLTextAreaElement).value).toBe('工作日送货');
    expect(screen.getByText('配件3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settlement/submit_success?id=43'));
    const sent = calls.find((c) => c.path === '/api/Shop.Order/add')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ pd_cart_ids: '1,3', address_id: 20, remark: '工作日送货' });
  });

  it('edits an address in the page and chooses it for the warehouse it was edited from', async () => {
    const calls = mockApi(() => Promise.reject(new Error('not called')));
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
    expect(calls.find((c) => c.path === '/api/Shop.Address/editAddress')!.body).toMatchObject({
      address_id: 7,
      street: '建国路 88 号',
    });
    expect(within(bj).getAllByText('广东省广州市天河区建国路 88 号')).toHaveLength(1);
    // The Guangzhou choice is untouched.
    const gz = screen.getByRole('radiogroup', { name: '广州仓收货地址' });
    expect((gz.querySelector('input[value="9"]') as HTMLInputElement).checked).toBe(true);
  });

  it('says so when none of the lines is in the cart any more', async () => {
    mockApi(() => Promise.reject(new Error('not called')));
    renderPage('/settlement/submit_multiple_warehouses?pd_cart_ids=99');
    expect(await screen.findByText('没有要结算的商品')).toBeTruthy();
  });
});
