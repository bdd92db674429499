import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StockRow } from '@shop/core/api/admin-prices';
import { stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, renderApp, staffMe } from '../../test/render-app';

const server = stubServerPerTest();
const row: StockRow = {
  id: 7,
  frey_no: 'FR-0007',
  oe_number: '34116850100',
  l_name_zh: '前刹车片',
  stocks: [
    { warehouse_id: 1, warehouse: '广州仓', available: 0, in_transit: 20 },
    { warehouse_id: 2, warehouse: '北京仓', available: 5, in_transit: 0 },
  ],
};
const SAVE = 'POST /api/admin/stock/7';

describe('the stock page', () => {
  it('sets a warehouse with what the list showed, and adjusts another, each once', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['catalog'], '商品运营'),
      'GET /api/admin/stock': () => firstPage([row]),
      [SAVE]: () => null,
    });
    renderApp('/stock');
    expect((await screen.findAllByText('广州仓可用')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '改库存' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('可用库存'), { target: { value: '12' } });
    const ok = within(dialog).getByRole('button', { name: /保\s*存/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(server.callsTo(SAVE)).toHaveLength(1);
    expect(server.callsTo(SAVE)[0]?.body).toEqual({
      mode: 'set',
      warehouse_id: 1,
      available: 12,
      in_transit: 20,
      expected: { available: 0, in_transit: 20 },
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '改库存' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('增减'));
    fireEvent.change(await within(dialog).findByLabelText(/可用库存增减/), { target: { value: '-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(2));
    expect(server.callsTo(SAVE)[1]?.body).toEqual({ mode: 'adjust', warehouse_id: 1, available: -3, in_transit: 0 });
  });
});
