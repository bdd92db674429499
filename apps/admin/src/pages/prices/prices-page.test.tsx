import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PartPrices, PriceRow } from '@shop/core/api/admin-prices';
import { reply, stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const part = { id: 7, frey_no: 'FR-0007', oe_number: '34116850100', l_name_zh: '前刹车片' };
const prices = [
  { key: 'dealer_price', label: '经销价', amount: '10.00' },
  { key: 'retail_price', label: '建议零售价', amount: null },
];
const row: PriceRow = { ...part, prices };
const detail: PartPrices = {
  part,
  prices,
  history: [
    {
      id: 1,
      price_key: 'dealer_price',
      label: '经销价',
      old_amount: '12.00',
      new_amount: '10.00',
      staff_name: '商品运营',
      source: 'import',
      batch_id: 4,
      at: '2026-11-28 10:00:00',
    },
  ],
};
const SAVE = 'POST /api/admin/prices/7';

function routes(save: () => unknown) {
  server.use({
    'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
    'GET /api/admin/prices': () => firstPage([row]),
    'GET /api/admin/prices/7': () => detail,
    [SAVE]: save,
  });
}

async function openDrawer() {
  renderApp('/prices?keyword=FR');
  fireEvent.click(await screen.findByRole('button', { name: '调价' }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText('导入 #4');
  return drawer;
}

describe('the prices page', () => {
  it('lists the parts with every label, and saves a changed price once with what the form showed', async () => {
    let answer: (v: unknown) => void = () => {};
    routes(() => new Promise((resolve) => (answer = resolve)));
    const drawer = await openDrawer();
    expect(server.callsTo('GET /api/admin/prices')[0]?.query).toMatchObject({ keyword: 'FR' });
    expect(screen.getAllByText('建议零售价').length).toBeGreaterThan(0);
    fireEvent.change(within(drawer).getByLabelText('经销价'), { target: { value: '9.5' } });
    const save = within(drawer).getByRole('button', { name: /保存价格/ });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    fireEvent.click(save);
    answer(null);
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(server.callsTo(SAVE)).toHaveLength(1);
    expect(server.callsTo(SAVE)[0]?.body).toEqual({
      prices: { dealer_price: '9.50' },
      expected: { dealer_price: '10.00' },
    });
    // The part is asked again after the save.
    await waitFor(() => expect(server.callsTo('GET /api/admin/prices/7').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal when someone else changed the price meanwhile", async () => {
    routes(() => reply.refused('价格已被他人修改，请刷新后再保存'));
    const drawer = await openDrawer();
    fireEvent.change(within(drawer).getByLabelText('建议零售价'), { target: { value: '30' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保存价格/ }));
    expect(await screen.findByText('价格已被他人修改，请刷新后再保存')).toBeTruthy();
    expect(server.callsTo(SAVE)[0]?.body).toEqual({
      prices: { retail_price: '30.00' },
      expected: { retail_price: null },
    });
  });

  it('a failed list offers a retry', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/prices': () => reply.serverError('服务异常'),
    });
    renderApp('/prices');
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
